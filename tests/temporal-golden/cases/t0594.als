abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: set V }
pred P[p: V] { some x1: V | (((#(*m.V)' =< 0) ; (some (V & V)))) }
pred show { always (m != m') }
run show for 3 but 4..4 steps
