sig A { var s: lone B, var t: A -> lone B }
sig B {}
var sig V in A {}
pred show { always (V in V') and eventually (V != V') }
run show for 3 but 3 steps
