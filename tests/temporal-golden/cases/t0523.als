abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
fact { all x1: A2 | ((V in V') iff (#A1 = 0)) }
assert claim { (after (#V < 1)) iff ((#V < 1) and not (#V < 1)) }
check claim for 2 but 1..3 steps
