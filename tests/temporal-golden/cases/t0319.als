sig A { var r: lone A }
var sig V in A {}
pred P[p: A] { eventually (~r in r) }
fact { not (one A) }
fact { (no (r + r)) until (V' in (V + A)) }
pred show { once ((A.r != V) until (some V)) }
run show for 3 but 3 steps
