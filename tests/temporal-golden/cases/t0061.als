sig A {}
var sig V {}
fact { one (V + V') }
fact { historically ((one A) since (V = V)) }
assert claim { let l1 = (V')' | (once (l1 in V)) }
check claim for 3 but 4 steps
