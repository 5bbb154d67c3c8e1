abstract sig A { f: one B, var s: lone B }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: set A }
var sig W in B {}
fact { always (eventually (lone V'.m')) }
fact { A1 != f.W' }
run { not (B != W') } for 2 but exactly 2 steps, 2 B
