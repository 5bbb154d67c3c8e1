sig A { g: set A, var r: set A }
one sig B {}
var sig V in A {}
fact { always (after ((some B') and ((V -> V') in r))) }
fact { always (some V) }
assert claim { let l1 = V | ((lone x2: V | (historically (#B >= 2))) and (once (always (l1 not in V)))) }
check claim for 2 but 6 steps
