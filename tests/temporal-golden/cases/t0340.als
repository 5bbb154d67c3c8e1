abstract sig A { g: lone A, var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W in A {}
fact { always (not (no x1: W' | (~g in g))) }
fact { always ((some A1') until (some A2)) }
pred show { not ((no V) or (g.W' in V)) }
run show for 1 but 5 steps
