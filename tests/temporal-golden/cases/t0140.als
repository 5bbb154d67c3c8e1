sig A { var s: one B }
sig B {}
var sig V {}
pred P[p: A] { before (before (V' in V)) }
fact { ((lone x3: V | (one B')) ; ((some (V -> V)) until (no B))) }
assert claim { let l1 = (A.s)' | (let l2 = (l1 - l1) | ((s.l1 = A) iff ((s & s)' = s))) }
check claim for 2 but 4 steps
