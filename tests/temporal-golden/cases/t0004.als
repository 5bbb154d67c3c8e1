abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V { var m: set V }
fact init { no V }
assert claim { historically (some m) implies (some m) }
check claim for 3 but 1..2 steps
