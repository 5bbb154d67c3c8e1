sig A { f: one B }
lone sig B {}
var sig V in A {}
pred P[p: A] { (p in V) implies (p in f.B) }
fact { historically ((f & f) in f) }
run { A.f != (B - B) } for 3 but 3 steps
