abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
pred show { once (some V) and not (some V) }
run show for 1 but 3..3 steps
