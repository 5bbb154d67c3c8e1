lone sig A { f: Int }
sig B { v: Int }
fact { (some x2, x3: Int | x3 < 2) }
check { (no b1: B | (b1.v = 0) || (0 <= 4)) } for 3 but 3 Int, 1 A
