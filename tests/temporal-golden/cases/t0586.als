sig A { var r: set A }
var sig V in A {}
fact { ((V')' in V.r) or (V in V) }
assert claim { (some x1: A | (V' in x1)) releases (once (eventually (lone ^r.V))) }
check claim for 2 but exactly 5 steps
