sig A {}
var sig V in A {}
var sig W in A {}
pred P[p: A] { p not in p }
fact { ((((W')' = W') until (no A)) ; (eventually (A in W))) }
run { (eventually (((one A) ; (#V < 0)))) implies (V != V) } for 2 but 1..4 steps
