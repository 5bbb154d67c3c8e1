sig A { h: B -> Int, r: set A }
some sig B {}
run { (all x1: B.(A.h) | (all x2: Int | (some x3: -8 | x3 not in -8))) } for 2 but 4 Int, exactly 1 A
