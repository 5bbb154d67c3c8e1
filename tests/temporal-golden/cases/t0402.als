sig A { g: set A }
var sig V {}
var sig W {}
assert claim { (some V) triggered (#V = 2) iff (#V = 2) }
check claim for 2 but 1..2 steps
