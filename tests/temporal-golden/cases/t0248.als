abstract sig A { g: lone A, var r: set A }
sig A1, A2 extends A {}
var sig V {}
fact { always (some x3: V | (*g.A1 = A)) }
fact { always (eventually (before (lone V))) }
assert claim { not (all disj x1, x2: A2 | (((one V) and (one V)) iff (once (x2 in A)))) }
check claim for 3
