abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
var sig W in B {}
pred P[p: B] { once (some x1: V | (p in W')) }
pred show { historically (lone r) }
run show for 2 but 4..4 steps
