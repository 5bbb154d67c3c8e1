sig A { g: set A }
var sig V {}
pred show { not (always (((#V > 2) until (some V)) iff ((some V) or ((#V > 2) and after ((#V > 2) releases (some V)))))) }
run show for 3 but 6 steps
