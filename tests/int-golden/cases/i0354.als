open util/integer
sig A { f: Int, g: set Int }
fact { (all x1: Int | x1 not in A.f) }
run { one x: Int | x.div[-1] >= 0 } for 1 but 4 Int
