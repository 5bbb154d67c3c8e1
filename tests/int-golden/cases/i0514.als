sig A { f: Int, k: lone Int }
fun twist[p: Int]: Int { (negate[p]).mul[100.minus[p]] }
pred prop[q: Int] { ((let l1 = q | lt[q, l1])) || ((some x2: Int | x2 = -3)) }
check { one A.k } for 2 but 2 Int
