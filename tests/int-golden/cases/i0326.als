open util/integer
sig A {}
sig B { v: Int }
check { (lone x1: {c2: Int | 100 < c2} | (all x3: Int | (all b4: B | Int[-2] = B.v))) } for 3 but 4 Int, exactly 2 A
