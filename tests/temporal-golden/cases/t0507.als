sig A {}
var sig V {}
fact { no x2: A | (lone x2) }
assert claim { (#A >= 3) implies (no x1: V | (A != A)) }
check claim for 3 but 4 steps
