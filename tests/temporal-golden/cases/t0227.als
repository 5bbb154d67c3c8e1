sig A { var r: set A }
var sig V {}
var sig W {}
run { all x: V' | x in V } for 3 but 3 steps
