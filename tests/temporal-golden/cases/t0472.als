abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V { var m: lone A }
fact { always ((some m) since (#r.A >= 1)) }
fact { always ((before (no A1)) iff ((no (A & A)) triggered (V = V))) }
assert claim { (not (lone m')) triggered ((some A) and (no (r & r))) }
check claim for 1 but exactly 5 steps
