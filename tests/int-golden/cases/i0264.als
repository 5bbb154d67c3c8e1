sig A { g: set Int }
fact { ((one x1: {c2: Int | c2 != -2} | (no x3: Int | 2 =< x1))) => ((no x4: Int | (x4 !in 0) implies (x4 =< x4))) }
check { all x: Int | x.plus[-1] > x } for 3 Int, 3 A
