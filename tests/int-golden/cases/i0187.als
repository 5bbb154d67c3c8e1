sig A {}
fun twist[p: Int]: Int { mul[(p + 3), p.mul[#A]] }
fact { (no x3: Int | x3 != 7) }
fact { (7 < -7) <=> (1 = 2) }
run { (all x1: Int | (one a2: A | -7 !<= x1)) } for 2
