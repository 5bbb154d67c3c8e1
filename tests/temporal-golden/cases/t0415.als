sig A { f: lone B, var r: set A }
sig B {}
var sig V in A {}
pred show { some V ; some V ; V = A }
run show for 2
