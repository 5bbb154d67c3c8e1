abstract sig A { g: lone A, var r: set A, var s: lone B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: B] { (((B' + B) != B) releases (p = p)) and ((W -> V) in r) }
fact init { one V }
run { eventually ((once (V = A)) releases (historically (no V))) } for 1 but 2..4 steps
