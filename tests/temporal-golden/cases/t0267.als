sig A {}
var sig V {}
fact init { one V }
pred show { (always (#V = 2)) releases (eventually (lone V)) }
run show for 2 but 2..5 steps
