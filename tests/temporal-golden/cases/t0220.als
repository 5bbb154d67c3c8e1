sig A {}
var sig V {}
pred show { #V > 1 or #V = 2 ; #V > 2 }
run show for 2 but 4 steps
