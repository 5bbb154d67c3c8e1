abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
var sig W {}
assert claim { (always (one V)) iff (not always not (one V)) }
check claim for 2 but 4 steps
