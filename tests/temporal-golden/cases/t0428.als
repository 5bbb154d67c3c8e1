abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
fact { let l1 = V.r' | (r' = r) }
fact { always (all x2: B | ((x2 not in (B - x2)) and (x2 in B))) }
assert claim { eventually ((((r - r) = r) iff (no (W' -> A2))) until ((no r') triggered (~r in r))) }
check claim for 3 but 4 steps
