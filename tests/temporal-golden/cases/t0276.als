sig A {}
var sig V {}
pred P[p: A] { historically (p in A') }
fact { always (((lone A') triggered (V' in V)) or ((A = A) and (V != V))) }
fact { after ((lone (V + V)) triggered (A != A)) }
assert claim { (((let l1 = (A + A) | (((l1 not in (A & A)) ; (l1 in A)))) and ((((A in ((A + A))') and (no A)) ; ((one V) triggered (some A))))) ; ((((A in A) until (A != A')) since ((no A) since (some A))) triggered (some disj x2, x3: A | (eventually (V' in V))))) }
check claim for 2 but 1 steps
