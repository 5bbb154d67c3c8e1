sig A { g: lone A }
var sig V in A {}
fact { always ((g.V = A.*g) and (no x3: V | (no ~g))) }
fact { always ((((V = V) releases (some A.g)) ; (always (some A)))) }
assert claim { ((not (V' in A)) until ((#V' > 0) implies (#V >= 3))) triggered (all disj x1, x2: V' | ((lone *g) releases (~g in ^g))) }
check claim for 3 but 3 steps
