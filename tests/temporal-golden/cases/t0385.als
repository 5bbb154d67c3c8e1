abstract sig A { g: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { all x1: A | ((some (V - A1)) since (p not in V)) }
fact { always (always ((g & g) = g)) }
assert claim { eventually (not (before (no ^g.A1.g))) }
check claim for 2 but exactly 3 steps
