sig A { g: set A, var r: set A }
sig B {}
var sig V in A {}
pred show { always (V in V') and always eventually (V != V') }
run show for 1 but 3..3 steps
