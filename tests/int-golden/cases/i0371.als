open util/integer
sig A { f: Int }
fun twist[p: Int]: Int { (sum a1: A | signum[p]) }
check { all x, y: Int | smaller[x, y] = x } for 2 but 2 Int
