sig A { f: Int, g: set Int }
check { (some a1: A | ((a1.g & A.f) != (let l2 = -3 | l2)) or ((let l3 = 15 | a1.f !< l3))) } for 2 but 5 Int
