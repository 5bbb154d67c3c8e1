sig A {}
fact { (some x1: Int | (all x2: x1 | (x2 in Int[x1]) implies (1 = x2))) }
check { all x: Int | negate[negate[x]] = x } for 1 but 5 Int
