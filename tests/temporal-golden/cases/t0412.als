sig A { f: one B, var r: lone A }
lone sig B {}
var sig V in A {}
pred P[p: B] { historically (^r in r) }
fact { always (always ((one V) and (B != B))) }
fact { ((all x2: B | (x2 in x2')) ; (not (no f))) }
assert claim { some x1: B | ((x1 in B) iff ((no V.f) and ((x1 not in B) or (V' in V)))) }
check claim for 2 but 3 steps
