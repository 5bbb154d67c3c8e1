sig A {}
var sig V {}
pred P[p: A] { after ((V = V) iff (V = V)) }
run { always lone V until one V } for 1
