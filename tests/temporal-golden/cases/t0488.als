abstract sig A {}
sig A1, A2 extends A {}
sig B {}
var sig V {}
pred P[p: A] { #A2 = 2 }
run { ((let l1 = V' | (l1 != V')) ; (all x2: V | (B' in (B - B)))) } for 3 but 3 steps
