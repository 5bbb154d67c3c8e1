sig A {}
sig B {}
var sig V in A {}
pred P[p: A] { not (#B >= 1) }
fact { after (once (#(B - B) > 0)) }
run { (always (no V')) or (let l1 = B' | (l1 != B)) } for 3 but 3 steps
