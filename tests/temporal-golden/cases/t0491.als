abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
assert claim { not before (lone r) }
check claim for 1
