abstract sig A { g: set A, var r: lone A }
sig A1, A2 extends A {}
var sig V { var m: set A }
pred P[p: V] { let l1 = A1 | (before (p not in V')) }
assert claim { ((no m') releases (A in A)) triggered ((no A) triggered (some (V' -> V))) }
check claim for 2 but 2 steps
