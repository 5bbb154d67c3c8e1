abstract sig A { var r: set A }
sig A1, A2 extends A {}
var sig V { var m: set V }
fact { always (no A1') }
fact { always (one m.V) }
run { not ((r.A2 = (A1 + A1)) iff (one V)) } for 2 but 2 steps
