open util/integer
sig A { f: Int }
sig B {}
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 2 Int, 2 A, 1 B
