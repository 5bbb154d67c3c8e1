abstract sig A { g: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { always (#V >= 1) }
pred show { some x1: V | (no *g) }
run show for 3
