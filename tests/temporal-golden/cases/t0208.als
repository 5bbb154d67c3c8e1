abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
assert claim { (((no V) ; (one V))) iff ((no V) and after (one V)) }
check claim for 3 but 2 steps
