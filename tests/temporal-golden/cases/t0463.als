sig A { var r: set A }
var sig V in A {}
pred show { always (all x: V' | x in V) and eventually (some V and no V') }
run show for 2
