sig A {}
var sig V in A {}
assert claim { not (always (V in V') and always eventually (V != V')) }
check claim for 1 but 5 steps
