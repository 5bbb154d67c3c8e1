abstract sig A { g: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: lone A }
pred P[p: V] { eventually (p not in V') }
assert claim { A1.^g.g != A1 }
check claim for 3 but 5 steps
