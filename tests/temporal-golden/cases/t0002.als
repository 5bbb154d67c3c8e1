sig A { f: lone B }
sig B {}
var sig V {}
pred P[p: A] { no x1: V | (p in p) }
fact { always (always (no f)) }
assert claim { before (some x2: A | (P[x2])) }
check claim for 3 but 6 steps
