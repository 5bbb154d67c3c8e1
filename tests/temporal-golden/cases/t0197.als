sig A { g: set A }
var sig V {}
assert claim { (once (not (A' != A.g))) iff ((before ((V')' in V)) and ((#g.A.g =< 0) triggered (A = A))) }
check claim for 2 but 3..4 steps
