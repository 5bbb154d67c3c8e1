sig A { g: lone A }
var sig V in A {}
var sig W {}
fact init { lone V }
fact { always (V != V') }
pred show { eventually ((lone V) and before historically (V = A)) }
run show for 2 but 4..4 steps
