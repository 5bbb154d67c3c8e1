sig A { var r: lone A }
var sig V in A {}
fact init { some V }
assert claim { (eventually (some r)) triggered (before (no r)) }
check claim for 2 but exactly 5 steps
