abstract sig A { g: lone A, var r: lone A }
sig A1, A2 extends A {}
lone sig B {}
var sig V { var m: set V }
var sig W {}
fact init { one V }
assert claim { after (before (no r) iff (no r)) }
check claim for 3 but 4..4 steps
