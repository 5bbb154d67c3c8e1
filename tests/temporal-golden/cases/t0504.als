abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W {}
pred P[p: W] { always (p in W) }
fact init { lone V }
fact { always (V != V') }
pred show { eventually ((lone r) and after not (lone r)) }
run show for 3 but 1 steps
