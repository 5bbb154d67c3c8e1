sig A { var r: lone A }
one sig B {}
var sig V {}
pred P[p: V] { ((p not in V) implies (no ~r)) until (((lone r') ; (r' in r))) }
fact { always (all x2: B | (lone A)) }
fact { A.r.r' in A.r.r }
assert claim { lone x1: A | ((x1 & x1.r) in x1) }
check claim for 3 but 2..5 steps
