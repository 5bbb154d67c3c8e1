abstract sig A {}
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
fact { always (#V' >= 1) }
fact { always (((before (V in V)) ; (one x1: V | (x1 in (V')')))) }
assert claim { not (historically ((B' = (B - B)) since ((B & B) = B'))) }
check claim for 3 but 2 B
