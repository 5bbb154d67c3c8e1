sig A {}
var sig V {}
assert claim { some x1: A | (let l2 = V | ((#x1 < 1) iff (one l2))) }
check claim for 2 but 3..6 steps
