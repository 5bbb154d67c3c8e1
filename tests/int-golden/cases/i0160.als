sig A { f: Int, k: lone Int }
run { (all x1: Int | ((A.f) >> 6.mul[x1]) < (int[A.f] fun/add (#A).add[-8])) } for 1 but 4 Int
