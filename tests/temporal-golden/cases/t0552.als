abstract sig A { f: lone B, var r: set A, var s: set B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
var sig W in B {}
assert claim { always ((eventually (lone r)) iff (eventually historically (lone r))) }
check claim for 3 but exactly 4 steps, 2 B
