abstract sig A { var r: set A }
sig A1, A2 extends A {}
lone sig B {}
var sig V in A {}
var sig W {}
assert claim { always ((eventually always (V = A)) iff (eventually eventually (V = A) and always eventually (V = A))) }
check claim for 2 but 3..4 steps
