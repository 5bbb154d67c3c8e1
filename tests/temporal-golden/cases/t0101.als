sig A { f: set B, var r: set A }
one sig B {}
var sig V in A {}
var sig W in B {}
pred show { (no W) and after (historically (some V)) }
run show for 1 but 6 steps
