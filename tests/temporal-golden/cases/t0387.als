sig A {}
sig B {}
var sig V in A {}
var sig W {}
assert claim { (#V < 1) triggered (#V > 1) iff (#V > 1) }
check claim for 1 but 4..4 steps, exactly 2 B
