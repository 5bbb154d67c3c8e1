sig A { var r: set A }
var sig V in A {}
pred P[p: A] { p in V.r' }
assert claim { one x1: V' | (once (P[x1])) }
check claim for 2 but 1 steps
