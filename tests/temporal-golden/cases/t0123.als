sig A { f: one B }
sig B {}
var sig V in A {}
pred show { always (V' = V) and always eventually some V }
run show for 1 but 2..5 steps
