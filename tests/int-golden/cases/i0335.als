sig A { f: Int }
sig B { v: Int }
fact { (((some a1: A | 3 not >= #B.v)) and ((some x2, x3: Int | x2 >= #A))) && ((#A.f < #A.f) => ((#B !> #B) iff (#B >= -3)) else ((let l4 = -16 | l4 >= l4))) }
fact { not (not (lt[#A.f, #A.f])) }
fact { all a: A | a.f >= -1 }
check { (all a: A | a.f >= -1) implies (sum a: A | a.f) >= -1 } for 5 Int, exactly 3 A, exactly 3 B
