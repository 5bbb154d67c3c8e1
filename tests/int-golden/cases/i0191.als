sig A { f: Int }
sig B { v: Int }
fact { (some x1: Int[0] | (no x2: Int | x2 < -16)) }
fact { (lone x3: Int | (no a4: A | a4.f = a4.f)) }
check { max[11 + 10] = larger[11, -10] } for 5 Int, exactly 3 A, exactly 2 B
