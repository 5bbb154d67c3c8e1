abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: lone V }
pred P[p: A] { once ((p not in A2) iff (p in A)) }
fact { no A1' }
assert claim { ((always (once (one A2))) releases (((some A1) triggered (no V)) since (eventually (#A2 =< 2)))) and (not ((not (some V')) until (always (lone V)))) }
check claim for 3 but 3 steps
