sig A { var r: lone A }
var sig V in A {}
var sig W {}
pred P[p: W] { (A in A) or (p in W') }
run P for 3 but 3 steps
