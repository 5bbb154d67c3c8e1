abstract sig A { h: A -> B, var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
run { after before before (lone r) } for 2 but exactly 3 steps
