sig A { f: Int, g: set Int }
pred prop[q: Int] { (no x4: Int | (q <= x4) <=> (3 < x4)) }
check { (one x1: Int | (no a2: A | (let l3 = a2.f | a2.f) !> ((min !<= x1) implies 0 else a2.f))) } for 2 but 4 Int, exactly 2 A
