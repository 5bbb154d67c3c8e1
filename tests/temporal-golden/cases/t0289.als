sig A { g: set A }
sig B {}
var sig V in A {}
var sig W in B {}
pred P[p: A] { (p in (V.^g)') iff (one B) }
fact { historically (historically (#A >= 1)) }
fact { always (before (historically (no ^g))) }
assert claim { one W }
check claim for 2 but 3..3 steps, 2 B
