sig A { f: Int, h: A -> Int }
fact { (some a2: A | (a2.f != 1) <=> (-2 <= -2)) }
check { (one x1: A.(A.h) | 0 not > rem[x1.plus[0], (-3).sub[x1]]) } for 1 but 4 Int
