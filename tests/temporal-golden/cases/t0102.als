sig A { f: one B, var r: set A }
sig B {}
var sig V {}
fact { always ((historically (A = A)) and ((one A.f) until (#A.^r >= 3))) }
fact { once (one x1: B | (no r')) }
pred show { one (B + B) }
run show for 2 but 1..3 steps
