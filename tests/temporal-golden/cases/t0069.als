abstract sig A { g: lone A, var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W {}
pred P[p: A] { ((W in W) or (#V >= 1)) and (before (#A > 1)) }
fact { always (eventually (historically (#V >= 2))) }
fact { always (once (W != W)) }
pred show { always (some (W')') }
run show for 2 but 4..4 steps
