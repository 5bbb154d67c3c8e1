sig A { f: Int }
fun twist[p: Int]: Int { (int[A.f] >> 0) }
run { some x: Int | x.div[0] <= 6 } for 4 Int
