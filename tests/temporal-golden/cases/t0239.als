sig A { var s: lone B }
one sig B {}
var sig V {}
fact { always (some x2: V | ((x2 not in x2) releases (A in A))) }
assert claim { all x1: B | (before ((s & s)' in s')) }
check claim for 1 but 3 steps
