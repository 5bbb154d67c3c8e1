open util/integer
sig A { f: Int, k: lone Int, h: A -> Int }
run { (sum a: A | a.f) <= 3 and (all a: A | a.f < -1) } for 1 but 4 Int, 1 A
