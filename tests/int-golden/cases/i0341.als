open util/integer
some sig A { f: Int, g: set Int, h: A -> Int }
fact { ((one x1: Int | 0 > #A)) && ((all a2: A | 1 = a2.f)) }
fact { all a: A | a.f >= 1 }
check { (all a: A | a.f >= 1) implies (sum a: A | a.f) >= 1 } for 2 but 4 Int
