open util/integer
sig A { f: Int, g: set Int, k: lone Int }
fact { (#A.k).plus[#A.g] < rem[-1, -1] }
run { (all a1: A | (one a2: A | #A >= a2.f)) } for 1 but 2 Int
