abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
pred P[p: A] { (V = V) releases (#A =< 1) }
fact init { #V = 1 }
assert claim { (before (#V < 1)) releases (eventually (lone r)) }
check claim for 3 but 3..3 steps
