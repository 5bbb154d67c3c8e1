abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: lone V }
assert claim { always ((historically (#V > 1)) iff ((#V > 1) and not before not historically (#V > 1))) }
check claim for 1 but 3..4 steps
