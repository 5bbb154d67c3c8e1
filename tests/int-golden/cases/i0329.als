sig A { f: Int }
sig B {}
fact { (some b1: B | (-1 >= 0) or (#A.f = -2)) }
fact { (no a2: A | (no x3: Int | 4 <= x3)) }
run { (#B + #B) < 1 } for 2 Int, 1 A, 3 B
