sig A { var r: lone A }
var sig V {}
fact { ((some (V - (V' + V'))) since (#V < 2)) and ((A' in r.A) implies (lone r')) }
pred show { some x1: V | (eventually (always ((r - r) in *r))) }
run show for 2 but 1 steps
