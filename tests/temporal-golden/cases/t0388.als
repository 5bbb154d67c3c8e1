sig A {}
var sig V { var m: set A }
run { before (some m) } for 1 but 2..4 steps
