sig A { var r: set A }
var sig V {}
assert claim { (after (some r)) iff ((some r) and not (some r)) }
check claim for 1 but 4 steps
