sig A { f: Int }
sig B {}
run { not ((some x1: Int | (some x2: {c3: Int | c3 != -1} | Int[#A.f] in Int[x1]))) } for 3 but 2 Int, exactly 2 A
