abstract sig A { g: lone A }
sig A1, A2 extends A {}
sig B {}
var sig V {}
assert claim { always ((historically (one V)) iff ((one V) and not before not historically (one V))) }
check claim for 3 but exactly 3 steps, exactly 2 B
