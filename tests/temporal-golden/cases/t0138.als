abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
assert claim { always ((before (no V)) until (historically (V = A))) }
check claim for 3 but 4 steps
