sig A { var r: lone A }
sig B {}
var sig V { var m: set V }
pred P[p: B] { (lone A) releases (p in B) }
pred show { after before before (#V = 1) }
run show for 3 but 4..4 steps, exactly 3 B
