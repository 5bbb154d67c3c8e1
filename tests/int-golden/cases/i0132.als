some sig A { f: Int, g: set Int }
pred prop[q: Int] { (one a2: A | -4 < 8) }
check { ((all a1: A | 2 < -2)) <=> (not (lone -3)) } for 3 Int, exactly 1 A
