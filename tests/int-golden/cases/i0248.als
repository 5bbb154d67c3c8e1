sig A {}
fact { (no a1: A | (all x2: Int | x2 >= -2)) }
fact { 1.div[#A] >= min[Int[#A]] }
check { not (some x: Int | x.div[-8] =< x) } for 4 Int, exactly 3 A
