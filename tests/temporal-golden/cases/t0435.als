sig A {}
lone sig B {}
var sig V {}
var sig W {}
assert claim { ((some V) since (no W)) implies (no W) }
check claim for 1 but 4 steps
