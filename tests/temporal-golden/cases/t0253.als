abstract sig A { var r: lone A }
sig A1, A2 extends A {}
var sig V in A {}
fact init { no r }
fact { always (no V implies some V') }
assert claim { always ((some r) implies once (#V = 1)) }
check claim for 2 but 4 steps
