sig A {}
sig B {}
var sig V {}
var sig W in B {}
pred P[p: A] { p in p }
pred show { (one V') and (one x1: A | (x1 not in (x1 - x1))) }
run show for 2 but 1..4 steps
