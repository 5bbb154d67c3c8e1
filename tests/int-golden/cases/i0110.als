open util/integer
sig A { f: Int, g: set Int }
sig B {}
check { (lone a1: A | (-2 not > a1.f) implies (max = 1)) } for 3 but 3 Int, exactly 1 B
