sig A { g: lone A, var r: lone A }
sig B {}
var sig V {}
pred P[p: A] { (p in p) releases (p not in p) }
fact { always (after (lone (B -> B))) }
run { all x1: V | ((not (A = A)) since (some disj x2, x3: V | (V = V'))) } for 3 but 2..5 steps
