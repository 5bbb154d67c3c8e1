abstract sig A { f: set B, var r: lone A }
sig A1, A2 extends A {}
one sig B {}
var sig V {}
fact { always (eventually (lone x1: B | (no ~r))) }
assert claim { before (not (before (V = V))) }
check claim for 2 but 1..3 steps
