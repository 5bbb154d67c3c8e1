sig A { f: Int, g: set Int }
run { (some a1: A | (all x2: Int | ! (x2 > a1.f))) } for 2 but 4 Int
