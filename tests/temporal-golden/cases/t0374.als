sig A {}
var sig V { var m: set A }
var sig W {}
fact init { no m }
assert claim { historically (one V) implies (one V) }
check claim for 3 but exactly 4 steps
