sig A { f: Int }
sig B {}
fun twist[p: Int]: Int { (((some a1: A | lt[#A, -1])) implies (#A.f >>> 1) else (sum n2: A.f | #B)) }
check { (all x: Int | x.plus[1] > x) implies #A > 0 } for 3 but 3 Int, exactly 2 B
