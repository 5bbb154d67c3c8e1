open util/integer
sig A { f: Int, g: set Int }
sig B { v: Int }
fun twist[p: Int]: Int { p.plus[(sum n1: A.f | p)] }
run { some x: Int | x.rem[0] = 13 } for 5 Int
