sig A {}
sig B {}
var sig V in A {}
pred P[p: B] { before (no B) }
fact { historically (historically (V' in A')) }
assert claim { no x1: B | ((x1 in B) since (one x2: B | (#V < 2))) }
check claim for 3
