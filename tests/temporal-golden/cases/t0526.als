sig A {}
var sig V in A {}
fact init { lone V }
assert claim { ((#V = 2) since (one V)) implies (one V) }
check claim for 2
