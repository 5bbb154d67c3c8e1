sig A { g: set Int }
sig B { v: Int }
fact { (all a1: A | (some x2, x3: Int | x2 not >= x2)) }
run { some x: Int | x.div[0] =< 6 } for 3 but 4 Int, 3 A, 2 B
