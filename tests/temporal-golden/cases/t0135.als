sig A {}
var sig V {}
fact { ((V in V) or (A != (A - A'))) since ((some (A & A)) and (V in V)) }
fact { always (eventually (A in A)) }
pred show { (after ((one A) implies (A != A))) and (((not (A' = A')) ; (some x1: A | (A in x1)))) }
run show for 3 but 2 steps
