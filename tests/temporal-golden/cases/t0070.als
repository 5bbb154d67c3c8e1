sig A { g: set A }
var sig V {}
run { eventually (before (no V)) } for 1 but 1..3 steps
