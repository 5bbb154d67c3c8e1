abstract sig A { var r: set A }
sig A1, A2 extends A {}
lone sig B {}
var sig V in A {}
fact { always (some V) }
pred show { eventually (no x: V' | x in V) and some V }
run show for 3 but 1..3 steps
