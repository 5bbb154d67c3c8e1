sig A { f: lone B }
sig B {}
var sig V in A {}
pred P[p: A] { (no (V -> V)) releases (p in p) }
run P for 3 but 2 steps
