abstract sig A { var s: one B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
assert claim { (((no s) ; (no s))) iff ((no s) and after (no s)) }
check claim for 3 but 4 steps
