sig A { var r: lone A }
var sig V in A {}
pred show { eventually (no x: V' | x in V) and some V }
run show for 2 but 6 steps
