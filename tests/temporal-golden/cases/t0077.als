abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
fact { always (lone (V - V')) }
assert claim { historically (no x1: A2 | (#x1 >= 2)) }
check claim for 1 but 5 steps
