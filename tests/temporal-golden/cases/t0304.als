abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
var sig W in A {}
fact init { no V }
fact { always (one V implies after no V) }
pred show { (V = A) until (some W) }
run show for 1 but 5 steps
