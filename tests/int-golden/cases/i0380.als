sig A { f: Int, r: set A }
fact { (some a2: A | -33 = A.f) }
fact { (some x3: Int | (3 = x3) || (no Int[-3])) }
check { (some x1: Int | 17 >= (#A.r fun/mul -15)) } for 3 but 5 Int
