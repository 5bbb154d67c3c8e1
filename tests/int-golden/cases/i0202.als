open util/integer
sig A { f: Int, g: set Int }
sig B { v: Int }
check { (some a1: A | (lone x2: Int | (one a3: A | x2 =< x2))) } for 4 Int, 1 A, 3 B
