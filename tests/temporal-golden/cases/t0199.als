abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact init { no V }
fact { always (lone V' - V) }
assert claim { eventually always (some V) }
check claim for 2
