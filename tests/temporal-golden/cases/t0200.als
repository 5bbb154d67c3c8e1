sig A {}
var sig V {}
fact { (((V = V) triggered (V in V')) ; (((A' = A) ; (no V')))) }
fact { lone x2: V | (#A = 2) }
assert claim { (let l1 = A | (V = V)) until (historically (#A > 2)) }
check claim for 3 but 6 steps
