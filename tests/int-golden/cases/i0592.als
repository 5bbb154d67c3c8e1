sig A { f: Int, h: A -> Int }
run { some x: Int | x.plus[2] < x } for 3 Int, 2 A
