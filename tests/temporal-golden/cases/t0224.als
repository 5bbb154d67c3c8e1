abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
assert claim { always V.r' in (V.r)' }
check claim for 2 but 5 steps
