sig A { h: A -> Int }
fact { (sum a2: A | -1) not >= (#A - 3) }
check { (one x1: Int | (Int[#A] = A.(A.h)) and (2 = x1)) } for 2 but 3 Int
