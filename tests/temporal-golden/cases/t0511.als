sig A { f: set B, var r: lone A }
sig B {}
var sig V {}
pred P[p: A] { once (some (p + A)) }
fact { (no B) triggered (B = A.r'.f) }
fact { always ((lone ((B - B) - (B - B))) releases (lone r)) }
pred show { some x1: B | (eventually (one V')) }
run show for 1 but 4 steps
