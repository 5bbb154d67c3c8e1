abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V { var m: set V }
assert claim { not (eventually (one x1: A1 | (x1 in A1))) }
check claim for 2 but 5 steps
