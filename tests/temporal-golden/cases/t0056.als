sig A { var s: lone B }
sig B {}
var sig V {}
pred P[p: B] { (V = V) or (some s.B) }
pred show { eventually (no x: V' | x in V) and some V }
run show for 3 but 3..3 steps, 3 B
