abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
var sig W in A {}
pred P[p: A] { let l1 = V' | (lone x2: W' | (W' != p)) }
fact { once (always (no W)) }
assert claim { some x3: W | (historically (((V' in V) ; (x3 in W)))) }
check claim for 2 but 6 steps
