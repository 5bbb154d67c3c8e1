abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V { var m: lone A }
var sig W in A {}
fact { always (not (always (B in B))) }
pred show { not (no x1: B | (lone V)) }
run show for 2 but 2..2 steps
