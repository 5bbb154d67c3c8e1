abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: set A }
pred P[p: A] { let l1 = V' | (l1 in m'.A) }
fact init { no r }
fact { always (V' = V or no V') }
pred show { eventually ((no m) and after not (no m)) }
run show for 1 but 5 steps
