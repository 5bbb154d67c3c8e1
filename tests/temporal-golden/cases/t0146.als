abstract sig A { var r: lone A }
sig A1, A2 extends A {}
one sig B {}
var sig V {}
fact { always (after ((no A2) triggered ((B - B) in B))) }
pred show { once (all x1: V | (no (r - r))) }
run show for 1 but 6 steps
