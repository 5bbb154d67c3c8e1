abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
assert claim { always ((always historically (no r)) iff ((no r) and eventually historically (no r))) }
check claim for 3 but 4 steps
