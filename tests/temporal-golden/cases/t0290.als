abstract sig A { var r: lone A }
sig A1, A2 extends A {}
some sig B {}
var sig V in A {}
assert claim { #V > 1 }
check claim for 2 but 2..2 steps
