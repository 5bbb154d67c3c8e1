sig A { h: A -> B, var r: set A, var s: one B }
sig B {}
var sig V {}
pred P[p: B] { (always (#p' =< 1)) and (one V) }
assert claim { ((historically (always (lone A))) ; (not (some disj x1, x2: V | (x2 in V)))) }
check claim for 1 but exactly 1 steps, exactly 1 B
