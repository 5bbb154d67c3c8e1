sig A { f: Int, k: lone Int }
sig B { v: Int }
check { all x: Int | x.plus[2] > x } for 3 but 4 Int, 2 A, 3 B
