sig A { f: Int }
sig B { v: Int }
fun twist[p: Int]: Int { (sum a2: A | signum[0]) }
run { (all x1: Int | (x1 + x1) < int[x1]) } for 3 Int, exactly 1 A, exactly 3 B
