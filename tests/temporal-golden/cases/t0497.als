sig A { f: one B, var r: lone A }
some sig B {}
var sig V in A {}
fact init { lone V }
fact { always (V' in V) }
assert claim { always eventually (#V > 2) }
check claim for 1 but 3 steps
