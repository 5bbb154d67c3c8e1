abstract sig A { g: lone A }
sig A1, A2 extends A {}
var sig V {}
fact init { no V }
fact { always (lone V' - V) }
fact { always (one V implies after no V) }
assert claim { eventually always (one V) }
check claim for 3 but 4..4 steps
