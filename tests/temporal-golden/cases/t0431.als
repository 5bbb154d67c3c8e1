sig A { g: set A, var r: set A }
var sig V {}
fact { always (one x1: V | (one V')) }
assert claim { one V }
check claim for 1 but 3 steps
