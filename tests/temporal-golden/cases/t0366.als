abstract sig A { f: one B }
sig A1, A2 extends A {}
some sig B {}
var sig V { var m: lone A }
pred P[p: A] { eventually (some disj x1, x2: A2 | (V in V)) }
fact { always (all x3: B | (#(V + V) >= 3)) }
fact { (all disj x4, x5: V | (V' = m.A)) until ((no m') since (no V)) }
run P for 1 but 2..2 steps
