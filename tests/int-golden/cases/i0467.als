sig A { f: Int, g: set Int }
lone sig B {}
fact { (sum n1: Int[#A.f] | n1) = (-3).plus[#A.f] }
check { all x: Int | (x >> 1) >> 1 = x } for 2 but 4 Int, exactly 1 B
