sig A { var r: set A }
var sig V {}
var sig W in A {}
pred show { all x: V' | x in V }
run show for 3 but 1 steps
