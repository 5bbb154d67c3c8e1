sig A { f: Int }
sig B { v: Int }
fact { ! ((some x1: Int | x1 !< x1)) }
fact { (some x2: Int | no B.v) }
check { all x: Int | x < 0 iff negate[x] > 0 } for 2 Int
