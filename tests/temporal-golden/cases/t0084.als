abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { historically ((no r'.A) implies (no (r + r))) }
pred show { no A1 }
run show for 2 but 2..2 steps
