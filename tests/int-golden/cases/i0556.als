sig A {}
sig B { v: Int }
fun twist[p: Int]: Int { sub[6, max[p]] }
pred prop[q: Int] { div[-1, q] in {c2: Int | 16 >= 7} }
fact { (one a1: A | prop[#B]) }
check { all x: Int | x.mul[-1].div[-1] = x } for 3
