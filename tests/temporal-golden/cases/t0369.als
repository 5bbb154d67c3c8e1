abstract sig A { var r: lone A }
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact init { lone V }
pred show { after (before (#V = 2) and not once (#V = 2)) }
run show for 2 but 1..3 steps
