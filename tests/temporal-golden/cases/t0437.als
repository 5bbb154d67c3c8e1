abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: lone V }
pred P[p: A] { (once ((V -> V) = m)) triggered (p in A2) }
assert claim { always ((eventually always (no m)) iff (eventually always (no m) and always eventually (no m))) }
check claim for 1 but 3 steps
