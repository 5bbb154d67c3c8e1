sig A { f: one B, var s: lone B }
sig B {}
var sig V {}
pred show { always eventually some s and always eventually no s }
run show for 2 but 3 steps, 1 B
