open util/integer
sig A { f: Int, g: set Int }
pred prop[q: Int] { not ((-4 !in Int[q]) <=> (2 >= q)) }
fact { (some x2: Int | (x2 != -1) => (max > x2)) }
check { (no x1: Int[-1] | prop[100.mul[x1]]) } for 3 Int, 2 A
