sig A { g: set Int, f: Int }
sig B {}
fun twist[p: Int]: Int { p.mul[p] }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 4 Int, exactly 3 A, 2 B
