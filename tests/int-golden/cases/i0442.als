sig A { f: Int, g: set Int, h: B -> Int }
sig B {}
fact { (lone x2: Int | x2 > 1) }
check { #B.(A.h) < (sum b1: B | 3) } for 3 but 5 Int, exactly 2 A
