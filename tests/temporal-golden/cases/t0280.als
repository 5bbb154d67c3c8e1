sig A {}
var sig V in A {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { always (#V < 2) }
run show for 3 but 4 steps
