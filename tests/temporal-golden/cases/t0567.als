sig A { var r: lone A }
var sig V in A {}
fact init { some r }
assert claim { not (always (r' in r and r != r')) }
check claim for 3 but exactly 3 steps
