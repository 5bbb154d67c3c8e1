abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { all x1: A | (((#A2 >= 1) ; (lone A))) }
assert claim { always (((((#V >= 0) triggered (~r = r)) ; (some V))) iff (((#V >= 0) triggered (~r = r)) and after (some V))) }
check claim for 3 but 1..4 steps
