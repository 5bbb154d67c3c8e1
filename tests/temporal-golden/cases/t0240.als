sig A {}
lone sig B {}
var sig V { var m: set A }
var sig W in A {}
fact init { no m }
assert claim { (always (no V)) triggered (eventually (lone V)) }
check claim for 1 but 6 steps
