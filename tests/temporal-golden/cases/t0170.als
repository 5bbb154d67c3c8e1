abstract sig A { g: set A, var r: set A }
sig A1, A2 extends A {}
var sig V {}
var sig W in A {}
pred P[p: A] { historically (not (some (V -> V))) }
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { always (#V < 1) }
run show for 3 but 5 steps
