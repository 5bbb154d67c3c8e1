sig A { f: one B }
sig B {}
var sig V {}
var sig W in A {}
pred show { always (V' in V and V != V') }
run show for 1 but exactly 2 steps
