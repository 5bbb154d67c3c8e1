abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { ((#A < 1) since (#V > 1)) and (before (one ((A1 + A) - A2))) }
assert claim { A2' = A2' }
check claim for 2 but 3 steps
