sig A { f: Int }
run { (one ({c1: Int | c1 >= c1} + A.f)) || ((some a2: A | (all x3: Int | some Int[x3]))) } for 3 but 4 Int, 3 A
