abstract sig A { g: lone A, var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
assert claim { always ((after after (some r)) iff ((some r))) }
check claim for 1 but 3 steps
