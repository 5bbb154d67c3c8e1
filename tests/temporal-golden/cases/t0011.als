sig A { var r: lone A }
var sig V {}
var sig W {}
assert claim { always ((eventually (no r)) iff (always once (no r))) }
check claim for 2 but 6 steps
