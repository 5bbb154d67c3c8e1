abstract sig A { g: lone A, var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
var sig W {}
fact init { one V }
fact { always (no V implies some V') }
assert claim { after always (no V) }
check claim for 3 but 1..4 steps
