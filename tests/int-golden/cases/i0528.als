sig A {}
fact { (some x2: Int | x2 < x2) }
check { (one x1: Int | x1 not in (1 & Int[x1])) } for 3 but 2 Int, 3 A
