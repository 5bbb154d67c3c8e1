sig A { h: B -> Int }
sig B { v: Int }
fun twist[p: Int]: Int { (sum n1: Int | 0.sub[0]) }
check { all x: Int | x.div[-1] = negate[x] } for 3 but 2 Int, 1 B
