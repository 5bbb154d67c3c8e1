sig A { f: Int, g: set Int, k: lone Int }
pred prop[q: Int] { (let l2 = (-7).plus[q] | (all a3: A | l2 not > a3.f)) }
fact { (some x1: Int | 7 != x1) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 1 but 4 Int
