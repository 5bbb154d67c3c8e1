sig A {}
check { (all x: Int | x.plus[1] > x) implies #A > 0 } for 4 Int, 3 A
