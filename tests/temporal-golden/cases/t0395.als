sig A {}
var sig V {}
var sig W in A {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
assert claim { eventually (#V = 2 and after no V' - V) }
check claim for 3 but 2..5 steps
