abstract sig A {}
sig A1, A2 extends A {}
var sig V in A {}
pred P[p: A] { let l1 = V | (after (A2 in V)) }
fact { (V != V) or (no V) }
assert claim { once (eventually (some x2: V | (lone x2))) }
check claim for 2 but exactly 3 steps
