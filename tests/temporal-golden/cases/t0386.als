abstract sig A { h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
some sig B {}
var sig V in A {}
var sig W in A {}
fact { historically (one B) }
run { some x1: B | (not (not (not (x1 != x1')))) } for 2 but 6 steps
