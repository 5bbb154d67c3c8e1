some sig A { g: set Int }
check { all x: Int | x < 0 iff negate[x] > 0 } for 3 but 3 Int
