sig A { g: set A }
var sig V {}
fact { always (some V) }
pred show { eventually (no x: V' | x in V) and some V }
run show for 3 but 3 steps
