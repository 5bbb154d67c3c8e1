abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
fact init { lone V }
assert claim { not before (#V > 2) }
check claim for 2 but exactly 3 steps
