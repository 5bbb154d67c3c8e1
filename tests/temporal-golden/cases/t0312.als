sig A { g: set A, var r: lone A }
var sig V {}
var sig W {}
run { after before before (no r) } for 2 but exactly 4 steps
