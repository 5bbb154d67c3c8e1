open util/integer
sig A {}
check { all x, y: Int | smaller[x, y] = y } for 1 but 4 Int
