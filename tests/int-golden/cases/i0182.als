sig A { f: Int, g: set Int }
sig B { v: Int }
fact { ((all x1, x2: Int | (#A = x2) iff (-1 = x1))) <=> ((min < 3) => ((some x3: Int | B.v != x3)) else ((#B not in A.f) iff (3 <= 2))) }
run { 6 = -1 } for 3 but 4 Int, exactly 2 B
