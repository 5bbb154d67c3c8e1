abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: set A }
var sig W {}
run { A in A } for 3 but exactly 3 steps
