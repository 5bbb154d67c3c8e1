sig A { var r: set A }
sig B {}
var sig V {}
fact { always (((one V) ; (no V))) }
fact { (some B) and (no *r.A.r) }
pred show { before ((before (V' in V)) or (#B >= 2)) }
run show for 3 but 4 steps
