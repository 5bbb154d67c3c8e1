open util/integer
sig A { f: Int, g: set Int }
pred prop[q: Int] { 2.mul[q] < ((A.g != A.f) => q else q) }
fact { (one x5: Int | no {c6: Int | x5 =< -5}) }
run { (no x1: Int | (all a2: A | (some x3, x4: Int | no A.g))) } for 2 but 3 Int
