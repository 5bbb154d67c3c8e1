abstract sig A {}
sig A1, A2 extends A {}
var sig V in A {}
pred P[p: A] { (always ((V' + p) != V')) releases (no x1: V | (x1 != V)) }
run { #V > 1 until #V < 2 until one V } for 2 but 1..3 steps
