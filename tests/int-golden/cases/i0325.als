sig A { f: Int }
fact { all a: A | a.f >= 0 }
check { (all a: A | a.f >= 0) implies (sum a: A | a.f) >= 0 } for 3 but 5 Int, 3 A
