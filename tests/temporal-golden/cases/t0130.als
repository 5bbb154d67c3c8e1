sig A {}
var sig V in A {}
pred P[p: A] { historically ((#V' < 0) since (V in V')) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
run { eventually (#V = 3 and after no V' - V) } for 3 but 1..2 steps
