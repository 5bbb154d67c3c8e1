sig A { k: lone Int, f: Int }
pred prop[q: Int] { (no a1: A | (no x2: Int | q > 3)) }
run { (sum a: A | a.f) >= 7 and (all a: A | a.f > 0) } for 3 but 4 Int
