open util/integer
sig A { f: Int, r: set A }
fact { all a: A | a.f >= 0 }
check { (all a: A | a.f >= 0) implies (sum a: A | a.f) >= 0 } for 5 Int
