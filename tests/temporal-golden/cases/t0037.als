sig A {}
one sig B {}
var sig V in A {}
fact init { some V }
fact { always (V in V') }
fact { always (V != V') }
pred show { always ((one V) implies historically (some V)) }
run show for 3 but exactly 4 steps
