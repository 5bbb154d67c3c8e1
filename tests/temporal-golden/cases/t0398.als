abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: set V }
pred P[p: A] { not (eventually (p not in p)) }
fact { always ((m' = m) triggered (*m in *m)) }
fact { always ((once (some m')) implies ((V' in V') iff (A1 = A1'))) }
assert claim { (once (after (#V =< 3))) and (always (once (no A))) }
check claim for 3 but 1..4 steps
