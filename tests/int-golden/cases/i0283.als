some sig A { h: B -> Int }
sig B { v: Int }
fact { ((lone a3: A | #B != 0)) => ((all a4: A | gt[#B.(a4.h), #A])) }
run { (some x1: Int[#B.(A.h)] | (no x2: Int | (-1 =< x2) => (#A > 3) else (#B.(A.h) < #B.(A.h)))) } for 3 Int
