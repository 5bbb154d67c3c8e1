sig A { f: Int }
pred prop[q: Int] { (one x3: Int | (some x4, x5: Int | #A.f !=< q)) }
check { (3 >= 2) => ((no x1: Int | x1 not =< x1)) else ((one x2: Int | 7 > x2)) } for 4 Int
