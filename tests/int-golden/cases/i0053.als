lone sig A { f: Int }
sig B {}
fact { (one x2: A.f | -3 <= #B) }
run { (2 > #A) && ((some x1: Int | A.f = x1)) } for 2 but 4 Int, 1 A, 2 B
