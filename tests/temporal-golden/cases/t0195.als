sig A { var r: set A }
some sig B {}
var sig V in A {}
pred P[p: A] { ((B in B) until (no p)) since (once (B != ((B + B) + B))) }
assert claim { once (some r) iff (some r) }
check claim for 3 but 1 steps, 3 B
