abstract sig A { h: A -> B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
var sig W {}
pred P[p: B] { historically (p in B) }
assert claim { always ((always eventually ((no V) or (lone V))) iff ((eventually eventually (no V)) or (always eventually (lone V)))) }
check claim for 3 but 2..3 steps, exactly 1 B
