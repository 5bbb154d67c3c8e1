sig A { g: lone A }
sig B {}
var sig V in A {}
pred P[p: B] { eventually (one p) }
fact { let l2 = (B + B) | (some x3: B | (#V = 1)) }
assert claim { some x1: V | (((no B) ; (V in x1))) }
check claim for 3 but 3 steps, exactly 3 B
