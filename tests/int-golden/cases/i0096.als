sig A { f: Int }
check { (all x: Int | x.plus[1] > x) implies #A = 0 } for 2 Int, 1 A
