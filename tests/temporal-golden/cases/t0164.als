abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
fact { always (before ((A1 = V') iff (one V'))) }
run { eventually (let l1 = V | (l1 in A')) } for 3 but 5 steps
