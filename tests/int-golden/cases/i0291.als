open util/integer
sig A {}
sig B {}
check { (all x: Int | x.plus[1] > x) implies #A = 0 } for 3 but 3 Int, exactly 2 A
