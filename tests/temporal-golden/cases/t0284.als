sig A { g: set A }
var sig V in A {}
pred show { eventually always (V = V') and always eventually some V }
run show for 2 but 2..3 steps
