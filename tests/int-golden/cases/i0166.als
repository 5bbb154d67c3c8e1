sig A { f: Int, g: set Int }
fact { (#A).rem[-1] !>= (1 >> 2) }
run { (#A).plus[#A] = #A } for 1 but 3 Int
