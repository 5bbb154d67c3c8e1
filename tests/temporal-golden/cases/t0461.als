sig A { g: lone A }
var sig V in A {}
var sig W {}
fact { always (all x3: W | ((g - g) = *g)) }
fact { eventually (((V in V) ; (W' = W))) }
pred show { eventually (let l1 = V | (((let l2 = l1 | (l2 in l2)) ; (lone W)))) }
run show for 3 but 6 steps
