open util/integer
sig A { g: set Int, f: Int }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 4 Int, 3 A
