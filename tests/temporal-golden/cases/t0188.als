abstract sig A { h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V in A {}
var sig W in A {}
fact init { no V }
fact { always (some V implies V' = V) }
assert claim { always ((V = A) implies after (one V)) }
check claim for 3 but exactly 2 steps
