abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
some sig B {}
var sig V {}
pred P[p: B] { (lone (A - A2)) and (#V' >= 2) }
fact init { some V }
fact { always (lone V' - V) }
fact { always (#V' =< #V or no V) }
assert claim { (eventually always (some V)) and (always eventually (no V)) }
check claim for 2 but 4 steps, exactly 1 B
