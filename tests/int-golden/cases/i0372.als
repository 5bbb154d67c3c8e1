some sig A { f: Int }
fact { (some a3: A | a3.f > a3.f) }
run { (all a1: A | (no x2: Int | (! (x2 >= x2)) => (gte[x2, 3]))) } for 3 but 5 Int
