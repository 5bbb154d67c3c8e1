abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { #V > 0 }
fact init { one V }
fact { always (some V implies V' = V) }
assert claim { (#V = 1) releases (V = A) }
check claim for 2 but 3..6 steps
