abstract sig A { f: lone B, g: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
fact init { one V }
fact { always (V in V') }
pred show { always ((no V) implies before (no V)) }
run show for 1 but exactly 4 steps
