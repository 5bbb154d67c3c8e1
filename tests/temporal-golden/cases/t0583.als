sig A { f: set B, var r: set A }
sig B {}
var sig V in A {}
var sig W in A {}
fact init { #V < 2 }
pred show { (once (no V)) releases (after (lone V)) }
run show for 2 but 4 steps
