sig A {}
var sig V {}
pred P[p: A] { all x1: A | (V' in V) }
assert claim { #V > 1 implies #V = 1 until lone V }
check claim for 1 but exactly 5 steps
