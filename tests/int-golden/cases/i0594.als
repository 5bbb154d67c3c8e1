open util/integer
sig A { r: set A }
fact { (all a2: A | 2.minus[2] = smaller[Int[1], -1]) }
run { (no x1: Int | (#A >>> 6) !=< (x1 fun/sub x1)) } for 4 Int
