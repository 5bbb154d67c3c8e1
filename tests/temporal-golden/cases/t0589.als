abstract sig A { f: lone B, g: lone A, h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V { var m: set V }
fact init { one V }
fact { always (no V implies some V') }
assert claim { eventually ((some V) and before historically (one V)) }
check claim for 3 but exactly 3 steps
