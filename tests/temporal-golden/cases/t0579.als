sig A { var r: set A }
var sig V { var m: lone V }
pred P[p: A] { (no x1: V | (x1 in (x1 + x1))) since (always (V in V)) }
fact { no A }
assert claim { after (not (((no x2: A | (lone (V.m)')) ; (#A' >= 2)))) }
check claim for 3 but 3 steps
