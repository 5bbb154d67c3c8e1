open util/integer
sig A { f: Int, g: set Int, k: lone Int, h: A -> Int }
pred prop[q: Int] { (not (q <= q)) iff (lone A.g) }
fact { zero[-5] }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 1 but 2 Int
