abstract sig A {}
sig A1, A2 extends A {}
sig B {}
var sig V {}
pred P[p: B] { ((p not in p) ; (lone V)) }
run P for 3 but 3..6 steps
