abstract sig A { f: set B, h: A -> B }
sig A1, A2 extends A {}
one sig B {}
var sig V {}
pred P[p: B] { before (A.f in p) }
fact { lone (B -> A2) }
run { not (after (#V' = 0)) } for 2 but 4..4 steps
