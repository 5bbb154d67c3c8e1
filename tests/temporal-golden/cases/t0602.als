abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: set V }
assert claim { not (always (V' in V and V != V')) }
check claim for 3
