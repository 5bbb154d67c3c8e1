open util/integer
sig A { f: Int, g: set Int }
fact { (no x1: Int | x1 <= #A) }
check { #A !> (-3 - -8) } for 4 Int, 3 A
