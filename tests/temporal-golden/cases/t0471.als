sig A {}
var sig V in A {}
assert claim { always (once (one V) iff (one V)) }
check claim for 3 but 3..4 steps
