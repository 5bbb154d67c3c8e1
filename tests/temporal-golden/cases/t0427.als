sig A { g: set A, var r: set A }
var sig V {}
fact { always (lone x2: A | (some x3: V | (x3 not in V))) }
fact { (lone (V')') triggered ((g + g) = g) }
pred show { let l1 = V | (after (l1 not in V)) }
run show for 1 but 2 steps
