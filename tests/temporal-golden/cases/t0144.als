sig A {}
var sig V {}
var sig W in A {}
fact { all x1: W | ((x1 in A) triggered (some V)) }
assert claim { V != V }
check claim for 3 but 2..2 steps
