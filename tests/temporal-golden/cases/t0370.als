sig A { g: set A }
sig B {}
var sig V in A {}
assert claim { #V < 2 implies some V until lone V }
check claim for 3 but 5 steps, 3 B
