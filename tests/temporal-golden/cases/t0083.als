abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact init { some V }
pred show { once (#V > 1) and not (#V > 1) }
run show for 2 but 4 steps
