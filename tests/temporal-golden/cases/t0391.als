sig A { var r: set A }
var sig V { var m: lone V }
assert claim { always ((always eventually ((lone m) or (lone V))) iff ((always eventually (lone m)) or (always eventually (lone V)))) }
check claim for 2 but 1..4 steps
