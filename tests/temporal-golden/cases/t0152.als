abstract sig A { g: set A, var r: set A, var s: one B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
assert claim { always (once (some s) iff (some s)) }
check claim for 2 but 3..4 steps
