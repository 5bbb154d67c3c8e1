sig A { f: Int, g: set Int, k: lone Int, r: set A }
sig B { v: Int }
pred prop[q: Int] { (q != q) or (#B >= #A.r) }
check { (some a1: A | ((-2).signum).minus[rem[a1.f, a1.f]] > (sum n2: a1.k | sub[n2, -15])) } for 2 but 5 Int, 2 A
