abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { ((one A2) ; (V' = V')) }
pred show { not (always ((eventually historically (some V)) iff ((some V) and always historically (some V)))) }
run show for 3 but exactly 1 steps
