sig A { f: Int, g: set Int, r: set A }
fact { ! ((some a3: A | (all x4: Int | a3.f != a3.f))) }
check { (some x1: Int | (let l2 = x1 | #A <= 3)) } for 2 but 3 Int
