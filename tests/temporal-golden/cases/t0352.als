sig A { var r: set A }
var sig V {}
pred P[p: V] { once (before (r'.A != A.r)) }
assert claim { (no V) triggered (no r) iff (no r) }
check claim for 3
