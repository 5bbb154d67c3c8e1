sig A { f: Int }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 2 but 4 Int
