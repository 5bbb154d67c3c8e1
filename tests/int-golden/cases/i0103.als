sig A { k: lone Int, f: Int }
run { (sum a: A | a.f) = 6 and (all a: A | a.f < 0) } for 5 Int
