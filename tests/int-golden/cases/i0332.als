some sig A { h: A -> Int }
pred prop[q: Int] { (lone x2: Int | no Int[q]) }
fact { (3 >= 100) or ((lone a1: A | #A < 14)) }
check { not (some x: Int | x.minus[3] = x) } for 1 but 5 Int
