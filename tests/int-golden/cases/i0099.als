sig A { g: set Int, h: A -> Int }
check { (all a1: A | (all x2: Int | lone A.(A.h))) } for 4 Int
