abstract sig A { g: lone A }
sig A1, A2 extends A {}
one sig B {}
var sig V in A {}
assert claim { not V = A until V = A }
check claim for 2 but 4 steps
