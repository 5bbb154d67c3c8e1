sig A { f: Int }
fact { (lone a1: A | -3 =< 0) }
check { all x: Int | x.plus[1] > x } for 3 but 3 Int
