sig A { k: lone Int, r: set A }
fact { (all a4: A | -8 > -9) }
run { (all x1: Int | (no x2: Int | (lone a3: A | (Int[x2] in x1) or (lt[-33, x2])))) } for 3 but 4 Int
