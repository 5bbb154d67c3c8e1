open util/integer
sig A { g: set Int, f: Int }
fact { (sum n1: A.f | n1) = minus[-33, #A.g] }
fact { all a: A | a.f >= 0 }
check { (all a: A | a.f >= 0) implies (sum a: A | a.f) >= 0 } for 3 but 4 Int
