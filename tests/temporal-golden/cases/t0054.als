abstract sig A { f: lone B, var r: set A }
sig A1, A2 extends A {}
sig B {}
var sig V {}
fact { always (all x1: B | (#V =< 2)) }
assert claim { (before not (lone V)) iff (not after (lone V)) }
check claim for 3 but 4 steps
