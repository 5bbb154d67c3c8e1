abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
assert claim { (eventually (no x1: A1 | (x1 in (A2 - x1)))) iff (not always not (no x1: A1 | (x1 in (A2 - x1)))) }
check claim for 1 but 3 steps
