sig A { f: one B, var s: set B }
lone sig B {}
var sig V { var m: lone A }
var sig W in B {}
pred P[p: V] { historically (m in m') }
assert claim { (after before (some m)) iff ((some m)) }
check claim for 3 but 4..4 steps
