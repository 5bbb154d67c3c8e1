some sig A { f: Int }
sig B {}
pred prop[q: Int] { (! (-1 > 2)) and ((3 not < q) <=> (-3 !in A.f)) }
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 2 but 3 Int, 1 B
