sig A { g: lone A, var r: set A }
var sig V {}
assert claim { always not before (#V < 1) }
check claim for 3 but 2 steps
