abstract sig A { f: lone B }
sig A1, A2 extends A {}
one sig B {}
var sig V {}
fact { always (before ((V' = V) triggered (no ~f))) }
assert claim { A2 != A1 }
check claim for 1
