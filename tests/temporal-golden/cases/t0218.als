abstract sig A { f: one B, var s: set B, var t: A -> lone B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
fact { some x2: B | (let l3 = B | (A1 != A2)) }
assert claim { some x1: A | ((x1 not in V) iff (one V)) }
check claim for 1 but 1..2 steps
