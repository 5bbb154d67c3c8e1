abstract sig A { f: lone B, h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V {}
pred show { (after ((A - A2) in A)) triggered (historically (let l1 = V' | (some (A.f)'))) }
run show for 3 but 5 steps
