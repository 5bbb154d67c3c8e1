sig A { f: one B }
one sig B {}
var sig V in A {}
pred P[p: A] { B in B }
fact { some x1: B | (x1 in x1) }
pred show { not ((once (some V)) iff ((some V) or before once (some V))) }
run show for 3 but 1..2 steps
