sig A { f: Int }
sig B {}
check { (one a1: A | (! ((all x2: A.f | #A not in a1.f))) iff (((a1.f >= 1) iff (a1.f = Int[-2])) && ((some x3: a1.f | a1.f >= #A.f)))) } for 3 but 4 Int, 2 A
