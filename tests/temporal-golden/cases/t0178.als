abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
pred P[p: A] { (one A2) since (p in A1) }
fact init { lone V }
fact { always (some V iff after no V) }
fact { always (V' in V) }
assert claim { (lone V) until (no V) }
check claim for 2 but 2 steps
