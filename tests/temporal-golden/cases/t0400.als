abstract sig A { var s: set B }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V {}
fact { (after (A = A2)) or (A1.s in (A1.s)') }
fact { always (once (not (A1 in A))) }
pred show { let l1 = A1 | ((no B) or (lone A.s')) }
run show for 1
