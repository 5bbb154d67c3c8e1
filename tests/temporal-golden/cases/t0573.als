sig A { f: set B, var r: set A, var t: A -> lone B }
one sig B {}
var sig V {}
pred P[p: V] { some disj x1, x2: V | ((x2 not in V) triggered (one V)) }
assert claim { always ((after not (historically (A in A))) iff (not after (historically (A in A)))) }
check claim for 3 but 3 steps
