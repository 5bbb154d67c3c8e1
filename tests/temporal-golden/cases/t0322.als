sig A {}
sig B {}
var sig V { var m: lone A }
var sig W {}
assert claim { not (always (V' in V and V != V')) }
check claim for 3 but 4 steps, 3 B
