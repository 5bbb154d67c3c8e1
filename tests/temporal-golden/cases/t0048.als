abstract sig A { var r: set A, var s: one B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: B] { (always (one B)) or (not (p in p)) }
assert claim { after ((after (some V)) triggered (historically (no s))) }
check claim for 3 but 5 steps
