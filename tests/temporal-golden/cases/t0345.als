sig A { g: lone A, var r: set A }
var sig V {}
fact init { lone V }
assert claim { not before (one V) }
check claim for 2
