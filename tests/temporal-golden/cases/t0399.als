sig A {}
var sig V in A {}
fact { always ((let l2 = A | (one V')) or (lone x3: V | (x3 in V))) }
assert claim { once ((some x1: V | (V != V')) iff ((no V) iff (#(V + V) < 3))) }
check claim for 3 but 5 steps
