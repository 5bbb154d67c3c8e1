sig A { f: Int }
sig B {}
fact { (no x5: Int | (no x6: Int | -7 != x6)) }
check { ((lone x1: Int | (#A.f).minus[x1] in 0)) implies (((all x2, x3: Int | (x3 = #A.f) implies (x2 = x3))) <=> (int[A.f] =< (let l4 = #A.f | -7))) } for 2 but 4 Int, 2 A, 2 B
