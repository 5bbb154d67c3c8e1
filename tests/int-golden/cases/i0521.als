sig A { g: set Int, r: set B, f: Int }
sig B {}
fact { not (not (-3 !> -1)) }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 3 but 3 Int, 1 B
