sig A { var r: set A }
var sig V in A {}
fact { always (some x3: V | (V'.r in x3)) }
assert claim { eventually (no x1: V | (no x2: V | (x2 in A))) }
check claim for 2 but 5 steps
