abstract sig A { var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W in A {}
fact { always (one W.r) }
pred show { let l1 = A2 | ((((no (r & r)') or (l1 in W)) triggered ((r'.V & (l1 + l1)) in r.W.r)) implies (lone x2: W | (((lone (V.r)') ; (V.r in W))))) }
run show for 1 but 2..5 steps
