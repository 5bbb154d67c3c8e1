sig A { h: A -> B }
sig B {}
var sig V {}
pred show { some V implies one V until no V }
run show for 2 but 4 steps
