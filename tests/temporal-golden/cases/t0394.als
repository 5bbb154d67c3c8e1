sig A { f: lone B, g: lone A, var r: lone A, var s: one B }
sig B {}
var sig V in A {}
pred P[p: A] { (some (B -> V)) triggered (p in p) }
fact { before (V in V) }
assert claim { s in f }
check claim for 3 but 2..4 steps
