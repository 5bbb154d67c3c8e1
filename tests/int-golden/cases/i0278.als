sig A { g: set Int, f: Int }
sig B {}
fact { (lone x1: Int | (lone x2: Int | -2 > min)) }
fact { all a: A | a.f >= 1 }
check { (all a: A | a.f >= 1) implies (sum a: A | a.f) >= 1 } for 2 but 4 Int, exactly 1 A
