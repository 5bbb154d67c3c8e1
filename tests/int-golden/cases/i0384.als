sig A { f: Int, g: set Int }
fun twist[p: Int]: Int { int[{c5: Int | p > p}] }
fact { (all x1: Int | (no a2: A | (all a3: A | -1 <= x1))) }
fact { (one x4: Int | x4 = x4) }
run { some x: Int | x.plus[-1] < x } for 3 Int
