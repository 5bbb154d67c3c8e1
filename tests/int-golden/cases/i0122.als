open util/integer
sig A { f: Int, g: set Int }
sig B { v: Int }
fact { (all x1: Int | #B < x1) }
run { no x: Int | x.rem[3] >= x } for 2 but 5 Int
