abstract sig A { g: lone A, var r: set A }
sig A1, A2 extends A {}
var sig V in A {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
run { always (#V < 3) } for 3 but exactly 4 steps
