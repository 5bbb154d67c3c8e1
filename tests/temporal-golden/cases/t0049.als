abstract sig A { var r: lone A }
sig A1, A2 extends A {}
lone sig B {}
var sig V { var m: lone A }
fact { (no A') and (#A1 =< 2) }
pred show { let l1 = (A1 - A1) | (after (before (l1 in A2))) }
run show for 3 but 4..4 steps
