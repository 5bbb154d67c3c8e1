sig A { g: set Int }
fact { (all x3: Int | (x3 <= x3) <=> ((some x4, x5: Int | 2 > -3))) }
run { (no x1: Int | (lone x2: Int | #A.g =< 3)) } for 3 but 3 Int
