open util/integer
sig A {}
fun twist[p: Int]: Int { min[{c2: Int | lte[p, c2]}] }
fact { (all a1: A | (7 <= #A) => (1 in -1) else (lte[2, max])) }
fact { -3 not > add[#A, 6] }
check { not (some x: Int | x.rem[1] < x) } for 2 but 4 Int
