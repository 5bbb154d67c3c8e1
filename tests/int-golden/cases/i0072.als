open util/integer
sig A { f: Int }
sig B { v: Int }
fun twist[p: Int]: Int { (p fun/div (0 - 2)) }
check { (some x1: Int | eq[(0 + x1), #A.f]) } for 3 but 3 Int
