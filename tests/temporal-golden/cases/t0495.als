abstract sig A { h: A -> B, var r: set A, var s: set B, var t: A -> lone B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
fact { always (eventually (before (some (s & s)'))) }
pred show { (some x1: B | (once (x1 not in x1))) since (before ((B - B) in A1.s')) }
run show for 2 but 3 B
