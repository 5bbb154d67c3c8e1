abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
assert claim { not ((one V') until (some disj x1, x2: V | (V'.r != x2))) }
check claim for 3 but 3..3 steps
