sig A { var r: set A }
var sig V in A {}
assert claim { once (some V) iff (some V) }
check claim for 3 but 3 steps
