sig A { g: set A }
sig B {}
var sig V { var m: set A }
fact { always (((some B) iff (V = m.A)) and ((V' != V) or (~g = g))) }
fact { lone x1: V | (B in B) }
pred show { always (*g in *g) }
run show for 3 but 1..2 steps, 1 B
