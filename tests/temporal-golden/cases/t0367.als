sig A {}
var sig V {}
fact init { no V }
fact { always (no V implies some V') }
assert claim { eventually ((no V) since (some V)) }
check claim for 3 but 1..2 steps
