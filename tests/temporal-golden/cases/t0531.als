sig A { var r: set A }
var sig V {}
pred P[p: V] { historically (once ((V')' = p)) }
fact init { some V }
pred show { always (V in V') and eventually (V != V') }
run show for 3 but exactly 4 steps
