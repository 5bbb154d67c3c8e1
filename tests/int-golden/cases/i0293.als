open util/integer
sig A { f: Int }
pred prop[q: Int] { (no a3: A | #A < -3) }
fact { (all x1, x2: Int | (x1 > x2) and (2 <= x2)) }
fact { pos[int[A.f]] }
run { ! (3 >= -8) } for 4 Int
