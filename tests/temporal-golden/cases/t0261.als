sig A { var r: lone A }
sig B {}
var sig V {}
var sig W in B {}
pred P[p: B] { always (eventually (p in p)) }
fact { always (#A.r >= 1) }
pred show { one x1: B | (not (V != V)) }
run show for 3 but 3..3 steps
