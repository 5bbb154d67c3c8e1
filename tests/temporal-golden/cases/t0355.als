sig A { var s: lone B }
lone sig B {}
var sig V in A {}
fact { always (once (no (V -> V))) }
assert claim { no x1: B | ((all x2: A | (x2 in V)) releases (after (B in V.s))) }
check claim for 2 but 3 steps
