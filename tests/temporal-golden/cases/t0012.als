sig A { f: set B, g: set A, var r: set A, var t: A -> lone B }
some sig B {}
var sig V in A {}
var sig W in A {}
pred P[p: A] { let l1 = p.f | (B' != (l1 + B)) }
fact { always (always (before (B != W.(A.t)))) }
pred show { (r & g)' = r }
run show for 3 but 1..3 steps, 3 B
