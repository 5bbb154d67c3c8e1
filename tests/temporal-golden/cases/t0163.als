sig A { var r: set A }
var sig V { var m: lone A }
fact init { some V }
fact { always (one V implies after no V) }
pred show { after always (one V) }
run show for 2 but 5 steps
