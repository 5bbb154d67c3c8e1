sig A { f: Int }
sig B {}
fact { ((no x4: Int | x4 =< x4)) => (pos[(#A).minus[14]]) }
check { (some x1: 1 | ((some a2: A | gte[a2.f, #B])) and ((some a3: A | -1 =< 0))) } for 5 Int, 3 A, exactly 1 B
