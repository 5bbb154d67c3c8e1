sig A { var s: lone B }
one sig B {}
var sig V {}
pred P[p: A] { some x1: A | (no s') }
fact { always (once ((no A) triggered ((A')' in (s.B)'))) }
assert claim { ((historically (not (no (s & s)))) or (eventually (one x2: A | (x2 in A)))) until (B = A.s) }
check claim for 3 but 4..4 steps
