abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
assert claim { always ((after before (eventually (A' in (A + A)))) iff ((always (A' in (A + A))))) }
check claim for 3 but 3..4 steps
