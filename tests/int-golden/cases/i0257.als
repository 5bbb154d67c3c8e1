some sig A { k: lone Int, f: Int }
fun twist[p: Int]: Int { plus[max[Int[0]], (p >> 6)] }
fact { (lone x1: prevs[#A] | (x1 != 0) iff (#A.k <= x1)) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 but 4 Int, exactly 2 A
