abstract sig A {}
sig A1, A2 extends A {}
var sig V { var m: set A }
fact init { lone V }
pred show { (eventually (no V)) until (always (#V > 1)) }
run show for 1 but 5 steps
