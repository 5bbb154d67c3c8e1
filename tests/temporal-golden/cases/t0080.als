sig A {}
var sig V in A {}
pred P[p: A] { historically (p in V) }
fact { always ((eventually (A in V')) releases (before (no V))) }
assert claim { let l1 = V | (P[l1]) }
check claim for 3 but 2..3 steps
