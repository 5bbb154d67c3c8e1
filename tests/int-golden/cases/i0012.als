sig A { g: set Int }
sig B {}
fun twist[p: Int]: Int { p }
fact { (some x1, x2: Int | (eq[x1, x2]) => (3 < #A.g)) }
fact { #B !in Int[2] }
check { all x: Int | x.rem[3].plus[x.div[3].mul[3]] = x } for 3 Int, 1 A, 2 B
