sig A { g: set Int, h: A -> Int }
fact { (some a3: A | (zero[16]) <=> (2 < #A)) }
check { (one a1: A | (all x2: Int | not (x2 not = -2))) } for 3
