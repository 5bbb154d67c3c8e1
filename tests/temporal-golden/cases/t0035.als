abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: lone A }
fact init { lone V }
fact { always (m' = m or no V) }
fact { always (some V iff after no V) }
pred show { always ((no m) implies historically (some m)) }
run show for 3 but exactly 2 steps
