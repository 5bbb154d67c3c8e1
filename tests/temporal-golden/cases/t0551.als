sig A {}
var sig V {}
var sig W in A {}
fact init { some V }
fact { always (V' = V or no V') }
pred show { eventually always (#V = 1) }
run show for 3 but 1..4 steps
