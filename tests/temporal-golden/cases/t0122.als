sig A {}
var sig V {}
var sig W in A {}
fact init { one V }
fact { always (lone V' - V) }
fact { always (V' = V or no V') }
assert claim { always ((#V < 1) implies after (no W)) }
check claim for 3 but 4 steps
