sig A { f: Int, k: lone Int }
sig B {}
fact { (all a1: A | -2 < 3) }
check { all x: Int | x.div[-1] = negate[x] } for 3 but 5 Int, exactly 1 B
