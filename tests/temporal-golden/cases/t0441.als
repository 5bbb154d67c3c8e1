abstract sig A { var r: set A }
sig A1, A2 extends A {}
sig B {}
var sig V {}
fact { always ((((lone A2) ; (B = B))) releases (((one A2) ; (V' = V)))) }
pred show { historically ((lone A) or (lone (V + V))) }
run show for 2 but 2..2 steps
