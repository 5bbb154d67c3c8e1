sig A { g: set A }
lone sig B {}
var sig V in A {}
assert claim { (before (lone V)) until (before (one V)) }
check claim for 2 but exactly 5 steps
