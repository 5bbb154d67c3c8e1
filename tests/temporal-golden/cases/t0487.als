abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V in A {}
assert claim { (((let l1 = B | (l1 in l1)) ; (lone r))) iff ((let l1 = B | (l1 in l1)) and before (lone r)) }
check claim for 3 but 3 steps
