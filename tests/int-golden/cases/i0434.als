open util/integer
sig A { f: Int }
sig B { v: Int }
fact { minus[-2, 1] not >= #A.f }
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 2 but 3 Int, 1 B
