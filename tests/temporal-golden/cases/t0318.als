sig A { g: lone A }
sig B {}
var sig V in A {}
fact { always ((B = B) iff (g = *g)) }
fact { always (always (all x1: V | (some A.g))) }
assert claim { always (((g in *g) ; (some V'))) }
check claim for 2
