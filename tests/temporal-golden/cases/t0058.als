sig A { g: set A, var r: lone A }
var sig V { var m: lone V }
run { (historically (before (A in A))) since ((lone (V')') triggered (all x1: A | (x1 in A))) } for 1 but 5 steps
