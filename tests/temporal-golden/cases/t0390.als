abstract sig A { f: one B, var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V in A {}
fact { eventually (B in B) }
assert claim { all x1: V' | (((before (all x2: B | ((r - r) = r'))) ; ((B + B) in (B & B)))) }
check claim for 2 but 6 steps
