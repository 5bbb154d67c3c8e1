abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V { var m: set V }
fact { (m - m) = m }
run { not (always ((once (one V)) iff ((one V) and not before not historically (one V)))) } for 2 but 1..3 steps
