sig A { f: one B, g: set A, var r: set A }
lone sig B {}
var sig V {}
var sig W in A {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
run { eventually #V = 2 } for 3 but exactly 1 steps
