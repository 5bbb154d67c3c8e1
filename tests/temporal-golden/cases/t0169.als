abstract sig A { g: set A, var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V {}
var sig W {}
fact { always ((before (W != (W')')) implies (eventually (W in W))) }
fact { always (no x2: V | (before (no V))) }
assert claim { all x1: B | ((x1 not in B) releases (no r)) }
check claim for 2 but 3 steps
