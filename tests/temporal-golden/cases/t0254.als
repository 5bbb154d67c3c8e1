sig A { f: one B, g: lone A, var r: set A }
some sig B {}
var sig V {}
assert claim { not (always (V in V' and V != V')) }
check claim for 3 but exactly 5 steps
