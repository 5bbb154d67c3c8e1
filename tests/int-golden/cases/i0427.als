sig A { f: Int, k: lone Int }
check { (all x: Int | x.plus[-1] > x) implies #A = 0 } for 5 Int, 2 A
