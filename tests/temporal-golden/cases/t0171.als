abstract sig A { g: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: set V }
pred show { not no V until no V }
run show for 3 but 2..5 steps
