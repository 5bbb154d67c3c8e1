open util/integer
sig A { f: Int, k: lone Int }
sig B { v: Int }
check { all x: Int | x.div[-1] = negate[x] } for 2 but 4 Int
