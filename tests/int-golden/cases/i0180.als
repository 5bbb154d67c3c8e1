sig A {}
fact { (some x1: {c2: Int | #A < c2} | #A > #A) }
fact { (all x3, x4: Int | (all a5: A | x3 !=< -7)) }
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 2 but 4 Int
