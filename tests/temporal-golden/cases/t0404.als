sig A {}
lone sig B {}
var sig V {}
fact { (B != B) and (no B) }
fact { always ((lone A) implies (V' in (V')')) }
run { ((((((V & (V')') = V) ; (#A >= 2))) iff ((B in B') until (#(B + B) =< 1))) ; (historically (let l1 = B' | (l1 in l1)))) } for 2 but 3..6 steps
