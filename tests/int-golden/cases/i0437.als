sig A {}
pred prop[q: Int] { (some x5: q | (some x6: (-3 + Int[q]) | x6 !> -2)) }
fact { (some x3, x4: Int | (prop[x4]) <=> (-4 not > x4)) }
run { ((all a1: A | 5 not in Int)) && ((no x2: Int | prop[x2])) } for 3 Int
