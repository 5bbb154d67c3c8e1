abstract sig A { f: one B }
sig A1, A2 extends A {}
one sig B {}
var sig V { var m: lone A }
pred show { always (V' in V and V != V') }
run show for 3 but exactly 5 steps
