sig A { g: lone A }
one sig B {}
var sig V in A {}
fact { always (V in V') }
assert claim { all x: V' | x in V }
check claim for 2 but 3..3 steps
