sig A {}
var sig V in A {}
pred P[p: A] { eventually (p not in p) }
run P for 3
