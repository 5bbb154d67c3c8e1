open util/integer
sig A { f: Int }
check { (one a1: A | (some x2, x3: Int | a1.f !> a1.f)) } for 3 but 5 Int
