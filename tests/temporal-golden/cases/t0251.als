abstract sig A { var r: set A }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: set A }
assert claim { ((#V < 1) since (lone V)) implies (lone V) }
check claim for 3 but 6 steps
