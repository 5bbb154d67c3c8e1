sig A { g: lone A, var r: set A }
some sig B {}
var sig V {}
assert claim { ((some V) since (#V < 2)) iff ((#V < 2) or ((some V) and before ((some V) since (#V < 2)))) }
check claim for 2 but 3..3 steps
