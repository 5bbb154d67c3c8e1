open util/integer
sig A { f: Int, h: A -> Int, r: set A }
pred prop[q: Int] { ((one x4: Int | -3 !<= q)) => (not (#A.f !=< q)) }
fact { (some x1: A.(A.h) | -2 !> 2) }
fact { (all disj x2, x3: Int | 2 not > x2) }
fact { all a: A | a.f >= 0 }
check { (all a: A | a.f >= 0) implies (sum a: A | a.f) >= 0 } for 2
