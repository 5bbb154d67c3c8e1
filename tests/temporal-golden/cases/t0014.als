abstract sig A { g: set A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
fact init { no V }
fact { always (#V' =< #V or no V) }
fact { always (V' in V) }
pred show { always eventually (no V) }
run show for 2
