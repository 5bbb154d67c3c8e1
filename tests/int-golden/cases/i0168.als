sig A { f: Int, g: set Int, k: lone Int }
fact { (all a1: A | 2 !> a1.f) }
fact { all a: A | a.f < 1 }
check { (sum a: A | a.f.minus[1]) =< min } for 2 but 3 Int
