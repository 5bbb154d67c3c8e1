sig A {}
var sig V { var m: set A }
fact init { lone V }
fact { always (#V' =< #V or no V) }
assert claim { always ((one V) triggered (some V)) }
check claim for 2 but 3 steps
