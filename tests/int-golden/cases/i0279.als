sig A { f: Int }
check { all x: Int | x.plus[2] > x } for 3 but 5 Int
