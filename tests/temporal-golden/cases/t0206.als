abstract sig A { var r: set A }
one sig A1 extends A {}
sig A2 extends A {}
one sig B {}
var sig V {}
pred show { after (before (some r) and not once (some r)) }
run show for 1 but 1..2 steps
