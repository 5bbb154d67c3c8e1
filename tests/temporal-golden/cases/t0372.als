sig A {}
var sig V {}
var sig W {}
fact { always (before (A' = A')) }
pred show { ((#W' > 1) since (lone A)) since ((V' = V) and (one W')) }
run show for 2 but 2..2 steps
