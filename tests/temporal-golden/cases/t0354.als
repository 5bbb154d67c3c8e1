sig A { f: set B }
sig B {}
var sig V { var m: lone A }
pred show { (((some x1: B | (x1 in x1)) since (#V < 1)) ; ((once (some B)) until (always (B = B)))) }
run show for 2 but exactly 1 steps, 1 B
