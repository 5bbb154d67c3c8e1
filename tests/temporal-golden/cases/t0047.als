abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
assert claim { not (eventually always (V = V') and always eventually some V) }
check claim for 2 but exactly 3 steps
