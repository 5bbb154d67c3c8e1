abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { always ((A in A1) or ((some A1) releases ((r & r) = ^r))) }
pred show { historically ((((A1.r' + A) in r.A1.r') ; (lone V))) }
run show for 2 but exactly 3 steps
