sig A {}
sig B {}
var sig V { var m: set A }
fact { (no B) releases (m' in m') }
fact { some x3: V | (V in x3) }
assert claim { (((all x1: B | (#(V')' > 3)) ; ((lone m') since (one B)))) or ((no x2: B | (x2 not in B)) since (historically (one m'.A))) }
check claim for 1 but 1..3 steps, 2 B
