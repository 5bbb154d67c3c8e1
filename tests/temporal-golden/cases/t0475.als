abstract sig A { g: set A }
sig A1, A2 extends A {}
var sig V in A {}
fact { always ((one V') or (V' in V)) }
pred show { not (always ((always (no V)) iff (not eventually not (no V)))) }
run show for 3 but 1..4 steps
