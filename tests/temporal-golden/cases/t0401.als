sig A { var r: lone A }
var sig V in A {}
var sig W in A {}
assert claim { no ~r }
check claim for 3 but 1..4 steps
