open util/integer
sig A { r: set A }
sig B { v: Int }
check { (all x1: Int | 1 > (x1 - x1)) } for 3 but 2 Int, 2 A
