sig A { f: set B }
sig B {}
var sig V {}
pred P[p: A] { after ((no f) or (A = A')) }
assert claim { before (before (all x1: B | (x1' != x1))) }
check claim for 2 but 1..2 steps
