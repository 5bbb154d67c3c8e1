sig A { f: lone B, var s: set B }
some sig B {}
var sig V {}
fact { (A.f = B) or (lone V) }
pred show { always (historically (some x1: A | (x1 not in x1))) }
run show for 3 but 3 steps
