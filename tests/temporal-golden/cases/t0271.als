sig A { var r: set A }
var sig V in A {}
fact { (one x1: V' | (x1 in V')) since (no V) }
pred show { not ((always (no r)) iff (eventually once (no r))) }
run show for 2 but exactly 3 steps
