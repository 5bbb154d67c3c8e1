sig A { g: lone A }
var sig V {}
assert claim { (after ((some V) and (one V))) iff ((after (some V)) and (after (one V))) }
check claim for 2 but 3 steps
