sig A { f: Int, g: set Int, k: lone Int }
check { (min[A.f] >= (#A).prev) and ((some a1: A | ! (gt[#A, a1.f]))) } for 2 but 2 Int
