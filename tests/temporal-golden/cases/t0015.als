abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V {}
pred P[p: A] { before (A2 = (p & A)) }
fact { always (((V = (V + V)) or (V in V)) triggered ((r in r') and (lone r))) }
run P for 2
