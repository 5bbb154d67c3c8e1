abstract sig A { var s: lone B }
sig A1, A2 extends A {}
lone sig B {}
var sig V in A {}
pred show { not (((lone s) triggered (some V)) iff ((some V) or ((lone s) and before ((lone s) since (some V))))) }
run show for 3 but 5 steps
