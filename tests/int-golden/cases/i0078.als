sig A { f: Int, g: set Int }
check { (no a1: A | (all x2: Int | (a1.f fun/rem x2) <= (let l3 = -2 | 1))) } for 2 Int, 2 A
