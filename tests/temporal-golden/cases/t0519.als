sig A { f: one B, g: set A, var r: set A }
sig B {}
var sig V {}
var sig W in A {}
fact init { no V }
pred show { (before (no V)) since (once (no V)) }
run show for 2 but 6 steps
