sig A { h: A -> B, var r: set A }
some sig B {}
var sig V {}
var sig W in B {}
fact { always (not (all disj x3, x4: W' | (r = r))) }
pred show { let l1 = A | (((((A != l1) ; (once (some r)))) ; (always (let l2 = V | (A != l1))))) }
run show for 1 but 3 steps
