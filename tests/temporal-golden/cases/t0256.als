abstract sig A { g: set A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
var sig W in A {}
fact init { lone V }
fact { always (one V implies after no V) }
pred show { eventually (lone V) and eventually (#V = 1) }
run show for 2 but 4 steps
