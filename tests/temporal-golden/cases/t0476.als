sig A {}
var sig V {}
assert claim { (always (#V < 2)) iff (not always not (#V < 2)) }
check claim for 2 but 1..3 steps
