sig A { f: Int }
sig B {}
fact { #A.f <= 6 }
fact { ((nonneg[#A.f]) => #B else #B) <= (0 >>> 0) }
run { (no b1: B | (sum b2: B | 7) !>= int[Int[-3]]) } for 1 but 4 Int
