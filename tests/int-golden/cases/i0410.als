sig A { f: Int, r: set A }
fact { (all x3, x4: Int | 3 !in Int[x4]) }
check { {c1: Int | A.f != -1} != Int[(let l2 = 2 | l2)] } for 2 but 5 Int
