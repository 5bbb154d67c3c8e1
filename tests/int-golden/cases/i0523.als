sig A {}
some sig B { v: Int }
run { (one x1: Int | (one x2: Int | (one x3: Int | 3 > x3))) } for 3 but 4 Int, 3 A
