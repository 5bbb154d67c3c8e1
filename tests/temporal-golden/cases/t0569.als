abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
fact init { some V }
fact { always (lone V' - V) }
pred show { eventually ((some V) since (lone r)) }
run show for 3 but 3..5 steps
