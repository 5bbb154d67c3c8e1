abstract sig A { g: lone A }
sig A1, A2 extends A {}
var sig V in A {}
pred P[p: A] { historically (all x1: V | (some (V')')) }
fact { before (not (g in g)) }
run { (all x2: V | (before (#V' > 2))) triggered (let l3 = V' | (not (V' = (l3 - l3)))) } for 3 but 4 steps
