abstract sig A { var s: one B }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: A] { all x1: B | (#V >= 1) }
run P for 3 but 1 steps
