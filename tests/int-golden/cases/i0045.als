open util/integer
some sig A { f: Int }
sig B { v: Int }
fact { not (#A.f < max) }
fact { all a: A | a.f >= 1 }
check { (all a: A | a.f >= 1) implies (sum a: A | a.f) >= 1 } for 4 Int, 2 A, 3 B
