sig A { g: set Int }
sig B {}
fact { (one x1: Int | x1 =< min) }
fact { gte[-2, (0 >> -2)] }
run { some x: Int | x.div[0] != -1 } for 2 but 2 Int
