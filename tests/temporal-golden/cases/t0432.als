sig A { f: lone B, g: set A, var r: set A }
sig B {}
var sig V {}
fact { always ((B in B) triggered (#A > 2)) }
fact { always (once (((B + B))' in B)) }
pred show { after (not (#B' > 0)) }
run show for 1 but 2..4 steps
