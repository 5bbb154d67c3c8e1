sig A { f: Int, r: set A }
sig B {}
fun twist[p: Int]: Int { (sum n1: A.f | p) }
fact { nonneg[twist[(-1).div[3]]] }
check { all x: Int | x.div[-1] = negate[x] } for 2 but 4 Int
