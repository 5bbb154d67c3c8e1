open util/integer
sig A { f: Int, g: set Int }
sig B { v: Int }
fact { (all x4: Int | (no x5: Int | x4 > -1)) }
fact { ((let l6 = 0 | A.g = Int[#B.v])) || (#B < -2) }
check { (some b1: B | (some x2: Int | (no x3: Int | pos[#A]))) } for 2 but 2 Int, exactly 1 B
