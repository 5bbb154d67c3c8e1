open util/integer
some sig A { h: B -> Int }
some sig B { v: Int }
fun twist[p: Int]: Int { p }
check { all x: Int | x.plus[1] > x } for 3 but 4 Int, 1 A
