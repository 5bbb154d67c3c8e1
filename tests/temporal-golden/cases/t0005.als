sig A { f: lone B, g: lone A, var r: set A }
one sig B {}
var sig V { var m: lone A }
pred P[p: B] { after (all x1: A | (x1 = A)) }
assert claim { once (#V = 2) iff (#V = 2) }
check claim for 2
