sig A { g: set Int, f: Int }
fun twist[p: Int]: Int { p }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 2 but 3 Int, 2 A
