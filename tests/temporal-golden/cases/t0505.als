sig A { g: set A }
var sig V in A {}
fact { always (after (after (V in V))) }
assert claim { (some disj x1, x2: V | (lone V)) releases (one x3: V | (#V =< 1)) }
check claim for 2 but 6 steps
