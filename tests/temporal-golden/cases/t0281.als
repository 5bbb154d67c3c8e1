sig A {}
var sig V in A {}
fact init { lone V }
fact { always (some V iff after no V) }
fact { always (V != V') }
assert claim { eventually always (some V) }
check claim for 2 but 3 steps
