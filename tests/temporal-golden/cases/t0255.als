sig A { g: set A }
var sig V { var m: set A }
assert claim { (after (lone V)) iff ((lone V) and not (lone V)) }
check claim for 3 but 4 steps
