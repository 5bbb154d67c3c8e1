sig A { f: Int, h: A -> Int }
fun twist[p: Int]: Int { (((one a5: A | #a5.h[a5] >= 16)) implies #A.(A.h) else (2 + p)) }
run { (all disj x1, x2: Int | (all x3: Int | (all a4: A | -8 <= x3))) } for 4 Int, 3 A
