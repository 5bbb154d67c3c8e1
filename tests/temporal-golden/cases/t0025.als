abstract sig A { g: lone A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
fact { always (((no ^g) and (A in V)) or (always (A.g != V))) }
assert claim { V' in V }
check claim for 3 but 4 steps
