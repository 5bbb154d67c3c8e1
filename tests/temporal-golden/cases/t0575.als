sig A { var r: set A }
var sig V { var m: set A }
pred P[p: A] { after (lone V) }
fact { (not (lone A)) triggered (all x1: V' | (r.A in A.r)) }
run P for 3 but 1..2 steps
