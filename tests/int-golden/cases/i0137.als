sig A { f: Int, k: lone Int }
sig B { v: Int }
fact { (((lone x2: Int | no A.f)) iff (#A.k <= -8)) && ((all x3: Int | x3 not > x3)) }
run { (one x1: (Int[-7] + B.v) | A.k = (6 >>> 6)) } for 3 but 4 Int, 2 B
