open util/integer
sig A { f: Int, g: set Int }
sig B {}
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 3 but 3 Int
