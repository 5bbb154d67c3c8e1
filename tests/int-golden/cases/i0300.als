sig A { f: Int, g: set Int, r: set B }
sig B {}
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 Int, 2 A, exactly 3 B
