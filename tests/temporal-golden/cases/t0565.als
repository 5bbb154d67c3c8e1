sig A {}
var sig V {}
fact init { no V }
fact { always (some V implies V' = V) }
assert claim { eventually (#V > 2) and eventually (#V < 1) }
check claim for 3 but 4 steps
