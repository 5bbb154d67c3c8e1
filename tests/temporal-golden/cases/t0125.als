sig A {}
var sig V {}
pred P[p: V] { (one A) and (no (p - V)) }
assert claim { not one V until #V < 2 }
check claim for 1 but 1 steps
