sig A {}
var sig V in A {}
fact init { one V }
fact { always (one V implies after no V) }
pred show { eventually ((lone V) since (#V > 1)) }
run show for 2 but exactly 5 steps
