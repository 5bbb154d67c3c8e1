sig A { f: Int }
check { all x: Int | x.mul[2].div[2] = x } for 5 Int, 2 A
