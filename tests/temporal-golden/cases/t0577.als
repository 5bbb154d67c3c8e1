abstract sig A { f: one B, var r: lone A }
sig A1, A2 extends A {}
one sig B {}
var sig V {}
fact { always (eventually (^r.A1.f in (A1 + A1).f)) }
fact { (after (#r.A.^r >= 2)) triggered (some x1: V | (no V')) }
assert claim { not (((no ~f) releases (A1.r' = (A1.r)')) triggered (f in f)) }
check claim for 2 but 4 steps
