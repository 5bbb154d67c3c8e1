sig A { g: set Int, k: lone Int, h: A -> Int }
fun twist[p: Int]: Int { plus[#A, p.mul[p]] }
fact { (lone x1: Int | A.k = x1) }
fact { (some a2: A | #A <= #A) }
run { zero[-3] } for 3 Int
