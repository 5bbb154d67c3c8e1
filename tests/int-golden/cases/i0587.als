sig A { f: Int }
fun twist[p: Int]: Int { (-3).rem[(A.f)] }
fact { (sum a3: A | 2.plus[#A.f]) < ((-1).minus[-2] >>> 1) }
run { (no a1: A | ! ((some a2: A | 3 in Int[2]))) } for 1 but 3 Int
