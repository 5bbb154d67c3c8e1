sig A { g: set Int, r: set A }
fact { -1 <= (int[A.g] >>> 0) }
check { all x: Int | x.div[-1] = negate[x] } for 1 but 2 Int
