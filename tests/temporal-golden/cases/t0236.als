abstract sig A { f: lone B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
pred P[p: B] { before (p not in (p + p)) }
pred show { not ((eventually ((V = A) implies once (V = A))) iff (always ((no V) or not (no V)))) }
run show for 2 but 6 steps
