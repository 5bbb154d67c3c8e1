abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: set V }
var sig W in A {}
fact { (lone (m + m)') until (#V >= 1) }
pred show { always (after (let l1 = V | (#l1 > 2))) }
run show for 3 but 1..4 steps
