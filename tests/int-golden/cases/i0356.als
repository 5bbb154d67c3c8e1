sig A { f: Int, g: set Int }
sig B {}
fun twist[p: Int]: Int { ((#B).add[8]).div[((A.f = -3) => p else #A.g)] }
pred prop[q: Int] { ! ((all x3: Int | x3 <= q)) }
fact { (some x2: Int | x2 = 6) }
run { (all a1: A | a1.f != -1) } for 3 but 4 Int, exactly 1 A
