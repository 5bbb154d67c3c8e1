sig A { var r: set A }
var sig V {}
fact { ((#(A.r)' >= 2) triggered (A = A)) and (one x1: V | (x1 in (V - x1))) }
fact { not (lone r) }
run { eventually (before (V' in V)) } for 1 but 3 steps
