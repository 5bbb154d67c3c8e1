sig A { f: lone B, var r: set A }
sig B {}
var sig V in A {}
fact { (((no (V' & A)) triggered (no V')) ; (((V'.r')' = V) or (one V'))) }
assert claim { (always (once (some ~f))) iff (((lone *r.V) releases (no f)) or (some x1: V' | (B in A.f))) }
check claim for 2 but 2..5 steps
