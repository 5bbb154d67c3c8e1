abstract sig A { f: one B, var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V in A {}
var sig W in A {}
fact { always (eventually (no x3: B | (one W.r'))) }
fact { not ((V in A) releases (B != B)) }
run { (all x1: B | (x1 in B)) or (historically (no x2: B | (r' = r))) } for 3 but 4 steps
