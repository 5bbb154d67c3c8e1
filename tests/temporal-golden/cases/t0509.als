abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
fact { always ((eventually (#B' = 2)) until ((no V) triggered (some A2))) }
fact { always (some x2: B | ((x2 != B) releases (#A > 1))) }
pred show { not (all x1: V' | (V != V')) }
run show for 3 but 4 steps
