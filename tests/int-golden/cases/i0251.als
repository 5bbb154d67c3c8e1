sig A { f: Int, g: set Int }
sig B { v: Int }
pred prop[q: Int] { (no x2: Int | (one x3: Int | -16 not = 0)) }
fact { Int[#A] = (sum n1: 0 | #B) }
check { all x: Int | x.plus[-1] > x } for 3 but 5 Int, 1 A
