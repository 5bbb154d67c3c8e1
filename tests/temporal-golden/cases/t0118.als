abstract sig A { var r: lone A, var s: lone B }
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V in A {}
var sig W {}
assert claim { (always historically (lone V)) iff ((lone V) and eventually historically (lone V)) }
check claim for 2 but 3..3 steps
