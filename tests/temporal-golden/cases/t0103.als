abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V {}
var sig W {}
fact { always (before (historically (lone W))) }
pred show { (((lone r) since (V' in (V - V))) triggered ((lone A) or (W = W))) iff ((((A2 = A2.r.r) and ((A2 & A2) in A2)) ; (((#V >= 2) ; (lone W))))) }
run show for 1 but 3..5 steps
