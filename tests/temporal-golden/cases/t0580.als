sig A { var r: set A }
var sig V in A {}
var sig W in A {}
fact init { no V }
fact { always (some V iff after no V) }
assert claim { always ((#V < 1) implies after (lone V)) }
check claim for 3 but 6 steps
