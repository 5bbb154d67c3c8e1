abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
some sig B {}
var sig V { var m: lone A }
fact { some x3: B | (after (x3 not in x3)) }
fact { r' = r }
assert claim { ((no x1: B | (after (before (#x1 >= 3)))) ; (not (always (one x2: B | (x2 in x2'))))) }
check claim for 3 but 2 steps
