sig A { f: Int, h: B -> Int }
sig B {}
fact { (some x1: Int | (one x2: Int | x1 < 3)) }
run { div[15, 0] !>= (A.f) } for 3 but 5 Int, exactly 1 B
