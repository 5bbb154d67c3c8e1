sig A {}
some sig B {}
var sig V { var m: lone V }
var sig W in A {}
pred P[p: B] { historically (p not in p') }
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { always (#V < 3) }
run show for 3 but 3 steps, 1 B
