open util/integer
sig A { f: Int, k: lone Int }
fact { ((16 < #A.k) <=> (some -1)) || ((-8 <= 2) || (lte[-1, 8])) }
fact { all a: A | a.f > 0 }
check { (sum a: A | a.f.rem[0]) >= #A } for 2 but 4 Int
