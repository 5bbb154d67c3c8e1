sig A { g: set Int, h: A -> Int }
fact { (all x4, x5: Int | gte[x4, x5]) }
check { (one a1: A | (all disj x2, x3: Int | neg[#a1.h[a1]])) } for 3 but 4 Int, exactly 3 A
