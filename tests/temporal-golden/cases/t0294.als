sig A { var r: lone A }
var sig V in A {}
fact { not (not (lone *r)) }
fact { always (once (((r' in r) ; (lone (r + r))))) }
assert claim { before (((let l1 = (V - V) | (some ~r)) ; ((lone V.r) triggered (one (V')')))) }
check claim for 1 but 2..4 steps
