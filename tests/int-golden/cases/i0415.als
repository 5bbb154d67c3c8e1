sig A { f: Int, k: lone Int }
fact { (all x2: Int | (some x3: Int | #A = 1)) }
fact { (lone x4: Int | (some x5: Int | some A.k)) }
run { (some x1: Int | not (x1 not >= x1)) } for 1 but 2 Int
