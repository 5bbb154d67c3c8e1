sig A { g: lone A }
lone sig B {}
var sig V {}
var sig W in A {}
pred P[p: B] { once ((W -> W) = g) }
run { (historically (#V > 2)) since (after (one V)) } for 1 but 1..2 steps
