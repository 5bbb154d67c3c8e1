sig A {}
var sig V {}
pred P[p: V] { not (after (V = V)) }
fact init { some V }
fact { always (some V iff after no V) }
fact { always (some V implies V' = V) }
pred show { eventually ((some V) since (one V)) }
run show for 1 but 5 steps
