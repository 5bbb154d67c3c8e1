sig A { f: lone B, var s: one B }
one sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: A] { let l1 = B' | (p not in V') }
fact { ((B = V.s) ; (B != V.f)) }
assert claim { ((after ((W'.f & (B + B)) != B)) or ((lone V') until (W in V'))) and (B in V'.f) }
check claim for 2 but 3..5 steps
