sig A { g: set Int, k: lone Int, r: set B, f: Int }
sig B { v: Int }
fact { (all a1: A | a1.g != A.k) }
run { (sum a: A | a.f) <= 1 and (all a: A | a.f >= 0) } for 2 Int, exactly 2 A, exactly 3 B
