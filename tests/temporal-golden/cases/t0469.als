abstract sig A { var s: set B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
fact { always (let l2 = V | (s = s)) }
assert claim { lone x1: B | (historically (before (some (B -> A2)))) }
check claim for 2 but 2..4 steps
