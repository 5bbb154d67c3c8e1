sig A { f: Int }
pred prop[q: Int] { 6 <= sub[q, q] }
check { all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f } for 1
