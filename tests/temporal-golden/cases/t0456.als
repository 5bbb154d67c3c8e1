sig A { f: lone B, h: A -> B }
one sig B {}
var sig V in A {}
pred show { one V until V = A until #V > 2 }
run show for 2 but 3 steps
