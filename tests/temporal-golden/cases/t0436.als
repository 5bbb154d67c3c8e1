abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V { var m: lone A }
pred show { (let l1 = m'.A | (l1 in l1)) and (not (V' = V)) }
run show for 2 but 1 steps
