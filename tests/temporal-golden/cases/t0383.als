sig A { g: set A }
some sig B {}
var sig V in A {}
fact { always (some x2: V | (once (#B >= 3))) }
assert claim { ((((not (eventually (V in V))) ; (((B in B) until (no B)) iff (B = B)))) ; (((after (some V)) implies (lone x1: B | (^g.V = V.*g))) implies (historically (once (some (V - V)))))) }
check claim for 3 but 1 steps
