abstract sig A { var r: set A }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: lone A }
fact { always (once ((lone B) triggered (V' in V))) }
fact { always ((before (no A)) iff ((lone m) until (V' = V))) }
assert claim { (((no ~m) ; (one A.r))) until ((B in B) since (A = A2)) }
check claim for 1 but 1 steps
