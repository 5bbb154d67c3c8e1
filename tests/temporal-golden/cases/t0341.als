sig A { g: set A }
var sig V {}
var sig W in A {}
fact init { lone V }
pred show { once (no V) and not (no V) }
run show for 2 but 3 steps
