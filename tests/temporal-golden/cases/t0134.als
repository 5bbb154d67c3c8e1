abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
var sig W in A {}
pred P[p: V] { (some B) releases (some W) }
fact { (#V = 0) until (once (some V)) }
run { (always (one V')) and (all disj x1, x2: B | (x1 in B')) } for 3 but 5 steps
