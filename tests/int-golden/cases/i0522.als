open util/integer
sig A { f: Int, g: set Int }
sig B { v: Int }
fact { sub[(let l2 = -1 | 2), max.minus[#A]] not >= (((#B.v <= -2) implies -3 else 3) fun/div (-2).plus[#A.f]) }
run { ((sum b1: B | (A.g))).signum <= min.plus[#A.g] } for 3 Int, exactly 3 A, 2 B
