open util/integer
sig A {}
check { all x: Int | x < 0 iff negate[x] > 0 } for 3 but 4 Int, 3 A
