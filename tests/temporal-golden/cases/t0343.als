sig A { var s: lone B }
sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: A] { before ((B = B) or (lone B)) }
fact { always (let l2 = V' | (W != W)) }
pred show { after (lone x1: W' | (x1 in x1)) }
run show for 1 but 3 steps, 1 B
