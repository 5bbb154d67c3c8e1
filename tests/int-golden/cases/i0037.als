sig A { g: set Int, f: Int }
fact { (one a1: A | nonneg[a1.f]) }
fact { plus[#A, #A.g] not in A.g }
check { all a: A | a.f > 0 implies a.f.plus[a.f] > 0 } for 2 but 2 Int
