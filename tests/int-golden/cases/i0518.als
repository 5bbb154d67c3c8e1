sig A { f: Int }
run { (no x1: A.f | (some a2: A | (some x3: A.f | a2.f > x3))) } for 3 but 3 Int
