abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: lone A }
fact { eventually (lone V) }
assert claim { (B in B) since (lone x1: B | ((x1 in x1) since (lone x1))) }
check claim for 2 but 1..4 steps
