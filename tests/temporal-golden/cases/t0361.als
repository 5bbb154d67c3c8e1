sig A { var r: set A }
var sig V {}
fact init { some V }
fact { always (some V iff after no V) }
fact { always (r in r') }
pred show { (lone V) until (some r) }
run show for 3 but 2..2 steps
