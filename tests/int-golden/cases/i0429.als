sig A { g: set Int }
fact { ((lone a1: A | 0 >= 0)) <=> (lone A.g) }
check { all x: Int | x.div[-1] = negate[x] } for 4 Int
