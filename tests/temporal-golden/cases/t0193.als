abstract sig A { g: set A }
sig A1, A2 extends A {}
var sig V { var m: set A }
fact { always ((g - g) in *g) }
pred show { (after (before ((lone (m - m)') and (A1 = A1)))) iff ((eventually ((A2 in A1) iff ((*g.A)' = (A2 + V'.m)))) implies (not (#V' >= 1))) }
run show for 2 but 3..5 steps
