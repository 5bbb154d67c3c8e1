sig A { f: Int, k: lone Int }
sig B {}
run { (some x1: Int | (all x2: Int | (all x3: Int | lte[-2, 3]))) } for 3 Int
