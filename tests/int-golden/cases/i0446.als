open util/integer
sig A { f: Int, g: set Int }
pred prop[q: Int] { (lone a3: A | ! (lte[-1, q])) }
run { (some x1: Int | ((some a2: A | 1 != x1)) implies (not (x1 > 0))) } for 2 but 3 Int
