sig A { var r: lone A }
sig B {}
var sig V {}
fact { eventually (lone V) }
pred show { some x1: V | (before ((V' in (x1 & x1)) and (r' = r))) }
run show for 3 but 2..2 steps, 2 B
