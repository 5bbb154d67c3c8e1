sig A { f: Int, h: B -> Int }
sig B {}
fact { (((no x5: Int | #B.(A.h) >= 2)) <=> ((all a6: A | -2 not > -1))) iff (((-1 !< -1) <=> (-1 !<= -2)) iff (1 <= -2)) }
run { (some a1: A | (one x2: Int | (some x3: Int | (some b4: B | x3 != x2)))) } for 2 Int
