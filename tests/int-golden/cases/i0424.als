sig A { f: Int, k: lone Int }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 but 5 Int
