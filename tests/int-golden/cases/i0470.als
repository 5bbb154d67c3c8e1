some sig A { f: Int }
check { ((let l1 = (0 >> 0) | l1 = l1)) => ((one x2: Int | (#A !>= x2) => (#A.f !>= 2))) } for 3 but 3 Int
