sig A { g: lone A, var r: set A }
var sig V in A {}
fact { always (lone V) }
assert claim { always (all x: V | after x in V) implies always (V in V') }
check claim for 2 but 2 steps
