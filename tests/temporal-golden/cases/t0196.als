sig A { var r: set A, var s: one B }
sig B {}
var sig V in A {}
var sig W in B {}
fact init { no s }
fact { always (V' = V or no V') }
fact { always (V != V') }
run { (V = A) releases (no V) } for 1 but 3..4 steps, 2 B
