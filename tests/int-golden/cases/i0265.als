sig A { f: Int, g: set Int }
sig B {}
fact { (lone x3: Int | x3 != x3) }
fact { (no a4: A | a4.f >= a4.f) }
run { (all x1: Int | (all a2: A | Int[#A.f] = x1)) } for 3 but 3 Int, 2 A
