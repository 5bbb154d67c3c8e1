abstract sig A {}
sig A1, A2 extends A {}
sig B {}
var sig V { var m: lone A }
var sig W in B {}
fact init { no m }
fact { always (m in m') }
assert claim { always ((some W) implies historically (one V)) }
check claim for 3 but 1..3 steps, 2 B
