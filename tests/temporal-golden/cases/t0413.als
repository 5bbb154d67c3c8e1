abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { ((V')' != V') triggered (p in (V')') }
run { always (V in V' or V' in V) and always eventually (V != V') } for 3 but 1..4 steps
