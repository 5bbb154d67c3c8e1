sig A { g: lone A }
var sig V in A {}
assert claim { #V > 2 until some V until #V = 2 }
check claim for 1 but 1..4 steps
