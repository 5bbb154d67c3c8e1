sig A { f: one B, g: lone A, var r: lone A }
lone sig B {}
var sig V {}
pred P[p: V] { all x1: V | (A in A) }
pred show { no x2: V | (no x3: B | ((x2 not in x2) implies (r = *g))) }
run show for 3 but 2 steps
