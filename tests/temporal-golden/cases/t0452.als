sig A { var s: set B }
sig B {}
var sig V {}
pred P[p: A] { before (all x1: A | (p not in p)) }
assert claim { once (((some ~s) and (one A)) and ((V = V') implies (no (s - s)'))) }
check claim for 2 but 4..4 steps, 2 B
