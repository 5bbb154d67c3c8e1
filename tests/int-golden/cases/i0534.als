sig A { f: Int, k: lone Int }
sig B {}
fact { (all b2: B | -4 >= #A.k) }
check { (no b1: B | eq[-2, 2]) } for 2 but 3 Int
