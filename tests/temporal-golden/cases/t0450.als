sig A { g: lone A }
var sig V { var m: set V }
fact { always (g in g) }
pred show { let l1 = V' | (let l2 = (V & V) | (g.A != A)) }
run show for 3 but 3 steps
