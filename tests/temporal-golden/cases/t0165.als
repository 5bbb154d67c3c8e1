abstract sig A {}
sig A1, A2 extends A {}
one sig B {}
var sig V { var m: lone A }
fact { after ((#A = 2) or (V != V')) }
fact { always (after (eventually (no A))) }
pred show { not (historically (((m in m) or (lone A2)) since ((A2 != A1) and (m in m)))) }
run show for 2 but 4..4 steps
