abstract sig A { var r: set A, var s: lone B }
sig A1, A2 extends A {}
sig B {}
var sig V {}
pred P[p: V] { some x1: V | (A = r'.A1) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { eventually (#V = 3 and after no V' - V) }
run show for 3 but 1 steps
