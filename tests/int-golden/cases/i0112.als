sig A { f: Int, h: A -> Int }
fun twist[p: Int]: Int { -4 }
fact { all a: A | a.f >= 1 }
check { (all a: A | a.f >= 1) implies (sum a: A | a.f) >= 1 } for 2 but 3 Int
