sig A { f: Int, h: A -> Int }
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 2 but 5 Int, 2 A
