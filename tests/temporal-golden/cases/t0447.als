sig A { f: one B, g: set A, var t: A -> lone B }
sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: B] { lone x1: V | (V in x1) }
pred show { (after (*g in g)) and ((f = f) triggered (W.^g != V.^g)) }
run show for 3 but 4 steps
