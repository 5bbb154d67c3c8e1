sig A { var r: lone A, var s: set B }
sig B {}
var sig V in A {}
fact init { no s }
fact { always (r' = r or no V) }
run { (V = A) releases (lone V) } for 2 but 4 steps
