sig A { f: lone B, g: lone A, var r: lone A }
one sig B {}
var sig V in A {}
assert claim { not (always (r in r' and r != r')) }
check claim for 2 but 2..3 steps
