abstract sig A { g: lone A }
sig A1, A2 extends A {}
var sig V in A {}
fact { let l1 = V' | (after (l1 in V')) }
assert claim { (always eventually ((#V > 1) or (no V))) iff ((always eventually (#V > 1)) or (always eventually (no V))) }
check claim for 2 but 2..4 steps
