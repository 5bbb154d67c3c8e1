sig A { f: Int }
check { not (some x: Int | x.minus[1] <= x) } for 4 Int, 3 A
