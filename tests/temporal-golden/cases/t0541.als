abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { some x2: A | (V = V) }
assert claim { (eventually ((no (A2 -> A)) iff (A = A))) triggered (all x1: V | (after (x1 not in V'))) }
check claim for 3 but 4..4 steps
