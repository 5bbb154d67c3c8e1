sig A { g: set A }
var sig V in A {}
fact init { lone V }
pred show { after before before (one V) }
run show for 2 but 4 steps
