sig A {}
fact { (Int[#A] != Int[2]) iff (#A <= 15) }
check { ((lone x1: Int | (some a2: A | x1 = 1))) => ((1) <= (#A >> 0)) else ((some x3: Int | (one x4: Int | x3 =< x3))) } for 1 but 5 Int
