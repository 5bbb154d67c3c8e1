abstract sig A { f: lone B, var s: set B }
sig A1, A2 extends A {}
some sig B {}
var sig V { var m: lone V }
fact { always ((A1 = f.B) until (A.f != B')) }
fact { always (all x1: A1 | (x1 in A)) }
pred show { historically (no B) }
run show for 2 but exactly 2 steps
