sig A { f: lone B, h: A -> B }
sig B {}
var sig V in A {}
var sig W in B {}
pred P[p: A] { A in V' }
pred show { (not ((some x1: W' | (x1 not in V.f)) releases (V in V))) triggered (some x2: V | (((V in V) iff (W' in V'.f)) or (historically (x2 not in V')))) }
run show for 2 but 3 B
