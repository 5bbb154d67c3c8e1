sig A { f: Int, k: lone Int }
run { (all x1: Int | (lone x2: x1 | (one x3: {c4: Int | #A = x2} | 0 !in x3))) } for 3 but 4 Int
