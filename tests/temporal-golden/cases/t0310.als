abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
pred show { historically (not (historically (lone A2))) }
run show for 3 but exactly 5 steps
