abstract sig A {}
sig A1, A2 extends A {}
sig B {}
var sig V {}
fact { (A in A2) and (lone B) }
pred show { V != V }
run show for 3 but 6 steps
