sig A {}
var sig V in A {}
assert claim { (once (lone V)) iff ((lone V) or before once (lone V)) }
check claim for 1 but 5 steps
