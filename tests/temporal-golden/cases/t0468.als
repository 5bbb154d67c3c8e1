abstract sig A { f: one B }
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V {}
fact { (#A < 3) until (#A1' > 1) }
fact { (one x1: V | (f.B in (A2 + A))) and (no x2: V | (B in B)) }
run { not (always (historically (no f))) } for 2 but 4 steps
