sig A { var r: set A }
sig B {}
var sig V {}
var sig W in B {}
run { after one V since lone r } for 3 but 1 steps
