abstract sig A { g: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { all disj x1, x2: V | (lone V) }
fact { always (eventually ((some ^g) and (no A2))) }
fact { eventually ((V + A1) in V) }
run { let l3 = V.g | (P[l3]) } for 2 but 2..5 steps
