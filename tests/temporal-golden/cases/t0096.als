sig A { f: set B }
sig B {}
var sig V {}
fact { (B + B) = B' }
fact { always ((((some (V -> V)) iff (f.B in A)) ; (all x1: A | (#V > 0)))) }
assert claim { (historically (((f - f) in f) implies (#A' >= 2))) or ((((some B) ; (#A.f > 0))) or ((#A = 2) implies (V' in V))) }
check claim for 2 but 2..5 steps, 2 B
