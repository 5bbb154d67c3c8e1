sig A { f: Int, g: set Int }
run { (some x1: Int | (no x2: A.f | (#A.g != -3) => (x1 < #A.f) else (-3 =< x2))) } for 2 but 3 Int
