sig A { var r: set A }
var sig V {}
pred P[p: V] { before (p not in V) }
pred show { ((V & V) - V) in V' }
run show for 3 but 6 steps
