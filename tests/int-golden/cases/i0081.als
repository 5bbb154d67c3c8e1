sig A {}
sig B { v: Int }
check { (all x1, x2: Int | ! ((some x3: Int | x3 <= -2))) } for 2 but 4 Int, exactly 1 B
