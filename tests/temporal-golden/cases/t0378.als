abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
pred P[p: V] { ((one (A1 & A)) or (p not in V)) releases (((V - V) in p) since (V in V)) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
assert claim { eventually (#V = 1 and after no V' - V) }
check claim for 3 but 3..5 steps
