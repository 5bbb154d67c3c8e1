sig A { f: Int, g: set Int, k: lone Int }
check { (A.k & A.k) != {c1: Int | c1 = c1} } for 3 but 4 Int
