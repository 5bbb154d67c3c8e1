open util/integer
some sig A { f: Int, g: set Int }
fact { (some x1: Int | lt[#A, x1]) }
check { no Int[(7 - #A.g)] } for 2 but 4 Int
