sig A { var r: set A }
var sig V {}
run { ((V + V'))' = V } for 1 but 1 steps
