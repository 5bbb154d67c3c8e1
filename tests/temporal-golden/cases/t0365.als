abstract sig A { g: set A }
sig A1, A2 extends A {}
var sig V in A {}
fact { once ((V' in V) until (#V >= 3)) }
fact { all x2: A | (historically (V' = A2)) }
pred show { after (((V.^g.^g in V.^g) since (#V > 1)) iff (lone x1: V' | (V in V))) }
run show for 2 but 6 steps
