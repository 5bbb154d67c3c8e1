abstract sig A { g: lone A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W {}
fact { always (no W) }
pred show { some disj x1, x2: V' | (((before (x2 not in V')) ; (one x3: W | (~g in ^g)))) }
run show for 3 but 2..2 steps
