open util/integer
sig A { r: set B }
sig B {}
fact { (all x1: Int | -2 != x1) }
check { 3 <= 0 } for 3 but 3 Int, 2 A
