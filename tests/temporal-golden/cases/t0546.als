sig A { var r: lone A }
var sig V {}
pred P[p: A] { ((p in r.p) and (p in (p')')) and (once (lone r)) }
fact { always ((lone r') iff ((V')' in V')) }
assert claim { no V }
check claim for 1 but 3 steps
