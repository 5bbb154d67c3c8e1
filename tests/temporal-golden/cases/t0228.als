sig A { g: lone A }
some sig B {}
var sig V {}
pred show { not ((after (lone V)) iff ((lone V) and not (lone V))) }
run show for 3 but 4 steps
