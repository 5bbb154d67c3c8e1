open util/integer
sig A { f: Int }
fact { (no x1: Int | x1 < -2) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 but 2 Int
