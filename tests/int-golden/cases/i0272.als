open util/integer
lone sig A {}
fact { (#A < -1) iff (0 >= max) }
check { all x: Int | x.div[-1] = negate[x] } for 1 but 3 Int
