sig A { var r: set A }
var sig V in A {}
fact { always (always (((V' != V) ; (V in V)))) }
assert claim { V' in V.r }
check claim for 2 but 1..2 steps
