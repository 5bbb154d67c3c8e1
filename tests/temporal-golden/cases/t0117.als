sig A { var r: set A }
var sig V in A {}
pred show { once (eventually (one x1: V' | (after (~r in r)))) }
run show for 2
