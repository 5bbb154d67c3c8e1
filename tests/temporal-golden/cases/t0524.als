sig A {}
var sig V { var m: set V }
pred show { after (after ((some V') triggered (some (A -> A)))) }
run show for 1 but 1..4 steps
