open util/integer
sig A { g: set Int }
fun twist[p: Int]: Int { (p) }
fact { (some x1: Int | 2 = x1) }
check { min.prev = div[1.signum, ((#A !in A.g) implies 1 else #A.g)] } for 4 Int
