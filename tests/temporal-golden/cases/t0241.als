abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
pred P[p: A] { after (all x1: V | (p not in x1)) }
fact { always (some x3: V | (P[x3])) }
fact { eventually ((((V' - V) != (V')') ; (#V' =< 3))) }
assert claim { always (all x2: V | (x2 in V)) }
check claim for 2 but 2..2 steps
