sig A { f: Int }
pred prop[q: Int] { (lone x1: Int | x1 = -33) }
fact { (17 >= 1) && (prop[2]) }
run { some x: Int | x.rem[0] =< -1 } for 2 but 4 Int
