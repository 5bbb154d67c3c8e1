abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V in A {}
assert claim { always (((lone V) since (some r)) iff ((some r) or ((lone V) and before ((lone V) since (some r))))) }
check claim for 2 but 1 steps
