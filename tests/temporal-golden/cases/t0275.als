abstract sig A { g: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
var sig W {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { (eventually #V = 1) and (always eventually V != V') }
run show for 3 but 3 steps
