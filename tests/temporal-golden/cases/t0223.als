abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
var sig W in A {}
pred show { historically (one V) }
run show for 1 but 6 steps
