abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { (no V') iff (p = r.V) }
fact init { one V }
fact { always (lone V' - V) }
pred show { (some r) releases (#V > 1) }
run show for 1 but exactly 2 steps
