sig A { g: set Int }
check { (all x1: Int | ((some a2: A | x1 not > x1)) or ((x1 != x1) implies (x1 >= -2))) } for 3 but 4 Int, 3 A
