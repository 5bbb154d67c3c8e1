open util/integer
sig A { f: Int, k: lone Int, r: set A }
sig B { v: Int }
pred prop[q: Int] { ! ((all x3: Int | #A = q)) }
fact { (some x1, x2: Int | Int[3] != x1) }
check { all x: Int | x < 0 iff negate[x] > 0 } for 2 but 3 Int, 1 A, 2 B
