abstract sig A { f: set B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
fact init { V = A }
run { always ((always (no V)) until (before (V = A))) } for 2 but 1 steps
