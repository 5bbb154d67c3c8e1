sig A { g: set A, var r: lone A }
var sig V in A {}
var sig W in A {}
pred P[p: A] { ((p not in W') ; (lone W)) }
run { after ((eventually (some r)) releases (eventually (some r))) } for 3 but 3..4 steps
