sig A { f: Int }
fact { (lone x1: Int | (lone a2: A | (a2.f != A.f) iff (a2.f = a2.f))) }
check { all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0 } for 3 but 3 Int
