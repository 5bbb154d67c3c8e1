abstract sig A { g: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
fact { always ((eventually (lone V)) releases ((no V') until (#V = 1))) }
fact { always (not (V in V')) }
pred show { always (before (some x1: A1 | (some x2: A | (no (g - g))))) }
run show for 3
