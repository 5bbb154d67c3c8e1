open util/integer
some sig A { f: Int, h: A -> Int }
check { all x: Int | x < 0 iff negate[x] > 0 } for 3 Int, 3 A
