abstract sig A { var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
pred P[p: A] { some x1: V | (eventually (one V)) }
fact { always ((((one V) ; (r in r'))) or (before (#A2 > 1))) }
fact { always (V' = V') }
assert claim { let l2 = A1 | ((lone r) or (P[l2])) }
check claim for 1 but 3..4 steps
