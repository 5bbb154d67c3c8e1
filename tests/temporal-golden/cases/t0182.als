abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
fact init { lone V }
assert claim { not before (V = A) }
check claim for 3 but exactly 2 steps
