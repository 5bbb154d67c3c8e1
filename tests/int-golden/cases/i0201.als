sig A { f: Int }
fact { (let l1 = -2 | l1 > 1) }
check { all x: Int | negate[negate[x]] = x } for 3 but 4 Int
