sig A {}
lone sig B {}
var sig V {}
fact { not (#B > 2) }
fact { always (no x1: B | (one V)) }
pred show { one B }
run show for 2
