open util/integer
sig A { g: set Int, k: lone Int }
fact { (one a4: A | a4.g = 6) }
fact { (all a5: A | -7 > 3) }
run { (lone x1: Int | (all x2: Int | (let l3 = 6 | x2 <= x2))) } for 3 but 4 Int, 3 A
