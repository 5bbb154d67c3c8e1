abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
var sig W in A {}
pred show { some V until some W and one V }
run show for 1 but 1..3 steps
