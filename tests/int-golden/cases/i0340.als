sig A { f: Int, r: set A }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 3 but 3 Int
