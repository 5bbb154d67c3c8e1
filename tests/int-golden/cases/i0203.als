open util/integer
sig A { f: Int, k: lone Int, r: set A }
check { all x: Int | x < 0 iff negate[x] > 0 } for 2 but 4 Int
