lone sig A {}
check { (some x1, x2: Int | x1 < x1) } for 1 but 2 Int, 1 A
