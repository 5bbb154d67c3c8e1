abstract sig A { h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V in A {}
fact { always ((one V) triggered (B in B)) }
pred show { some x1: V' | ((after (#B =< 3)) and (let l2 = B' | (some l2))) }
run show for 1 but 5 steps
