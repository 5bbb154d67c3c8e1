sig A { var r: set A }
sig B {}
var sig V in A {}
fact { always (all x1: B | (before (r in r))) }
fact { one B }
assert claim { eventually (r' = r) }
check claim for 2 but 3 steps, exactly 1 B
