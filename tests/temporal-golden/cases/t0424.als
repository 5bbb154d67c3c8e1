sig A {}
var sig V {}
assert claim { ((((let l1 = V' | (l1 in l1)) iff ((one V) or (V = V))) ; (let l2 = (V & V') | ((#A =< 2) and (one A))))) until ((((((A - A) != (A & A)) ; (V = V))) since (let l3 = V | (l3 in l3))) releases (let l4 = (A - A) | ((lone A) iff (l4 not in l4)))) }
check claim for 3 but 3..6 steps
