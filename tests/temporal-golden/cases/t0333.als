sig A { f: lone B, g: set A }
one sig B {}
var sig V in A {}
var sig W in A {}
fact { always (V in V') }
pred show { all x: V' | x in V }
run show for 2 but 2..4 steps
