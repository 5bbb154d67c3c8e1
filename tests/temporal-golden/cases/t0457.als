abstract sig A { g: lone A }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
pred show { not V in W until V = W }
run show for 1 but 6 steps, 1 B
