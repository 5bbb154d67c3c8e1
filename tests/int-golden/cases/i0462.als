sig A { h: B -> Int, f: Int }
sig B { v: Int }
fact { (((#B != #A.f) => 1 else #B.(A.h)) fun/rem (2 << 14)) = ((sum a1: A | 16) - -3) }
fact { -1 !<= (1 + -3) }
run { (sum a: A | a.f) = -12 and (all a: A | a.f < 0) } for 5 Int, 3 A, 1 B
