sig A { f: Int, k: lone Int }
fun twist[p: Int]: Int { 1 }
pred prop[q: Int] { min[q] != q }
fact { not (lte[#A, #A.k]) }
check { (all x1: Int | not ((all a2: A | (one x3: Int | a2.f not < x1)))) } for 3
