abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
pred P[p: B] { ((historically (p not in B)) ; ((p not in (p & p')) and (p in B'))) }
fact { always (((one B) and (some V)) triggered (let l2 = (V + V) | (no (B + B)))) }
assert claim { historically (((one x1: A2 | (x1 in g.V')) or (some B')) or ((before (no B')) until (no B))) }
check claim for 2 but exactly 2 steps
