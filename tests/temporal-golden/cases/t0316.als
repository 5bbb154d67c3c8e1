sig A { var r: set A }
var sig V {}
fact { (((no A.r') ; (V in V'))) until ((V != V') iff (one V')) }
assert claim { always ((after before ((A in A) or (one V))) iff (((A in A) or (one V)))) }
check claim for 3 but 5 steps
