abstract sig A { f: set B, var s: one B }
sig A1, A2 extends A {}
sig B {}
var sig V {}
fact { always (before ((s = f) iff (lone A))) }
run { all x1: B | (once ((no s') until (x1 not in B))) } for 2 but 4 steps
