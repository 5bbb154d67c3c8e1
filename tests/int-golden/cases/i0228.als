open util/integer
sig A {}
sig B {}
run { (lone x1: Int | (all a2: A | (all a3: A | x1 > x1))) } for 3 but 4 Int, exactly 2 A
