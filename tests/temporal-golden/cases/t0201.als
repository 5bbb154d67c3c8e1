sig A { var r: set A }
var sig V in A {}
var sig W in A {}
pred show { not ((historically ((r = r) releases (some r))) iff (((r = r) releases (some r)) and not before not historically ((r = r) releases (some r)))) }
run show for 3 but 6 steps
