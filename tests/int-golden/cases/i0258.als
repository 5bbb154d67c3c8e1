sig A { f: Int }
check { all x: Int | x.plus[-1] > x } for 4 Int, exactly 2 A
