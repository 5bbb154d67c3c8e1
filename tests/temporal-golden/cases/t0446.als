sig A { g: set A, var t: A -> lone B }
one sig B {}
var sig V in A {}
pred P[p: A] { after (always (#V' = 0)) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { (eventually #V = 2) and (always eventually V != V') }
run show for 3 but 6 steps
