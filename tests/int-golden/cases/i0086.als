sig A {}
lone sig B { v: Int }
run { (one x1: Int | x1 > plus[1, x1]) } for 2 Int, exactly 2 A, 1 B
