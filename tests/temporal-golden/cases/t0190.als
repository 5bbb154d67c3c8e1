sig A {}
var sig V in A {}
fact { always (V != V) }
pred show { ((before (lone V)) ; (historically (some V))) }
run show for 2 but 3 steps
