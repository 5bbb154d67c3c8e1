sig A {}
var sig V {}
fact { always ((some x3: V | (#(A')' < 2)) since (after (#A < 0))) }
assert claim { let l1 = V | (historically ((eventually (V' in V)) triggered (let l2 = l1 | (l1 in V')))) }
check claim for 3
