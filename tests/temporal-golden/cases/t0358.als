sig A { g: lone A, var r: lone A }
var sig V in A {}
var sig W {}
assert claim { once (no r) iff (no r) }
check claim for 3 but 4 steps
