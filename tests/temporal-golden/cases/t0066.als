sig A { f: one B, var r: set A }
one sig B {}
var sig V {}
fact { (not (V' = V')) since (not (no B)) }
assert claim { always ((((some x1: B | (lone B)) ; (#V > 1))) iff ((some x1: B | (lone B)) and after (#V > 1))) }
check claim for 1 but exactly 5 steps
