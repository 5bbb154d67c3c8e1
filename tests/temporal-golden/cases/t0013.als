abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
pred P[p: A] { no x1: V | ((p in p) since (A1 != A)) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
assert claim { eventually (#V = 2 and after no V' - V) }
check claim for 3 but 4 steps
