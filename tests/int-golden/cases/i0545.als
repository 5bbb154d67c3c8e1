sig A { f: Int, h: A -> Int, r: set A }
fact { #A.r < (-3) }
check { (some disj x1, x2: Int | (all a3: A | sub[2, #A.(a3.h)] > (#A.(A.h) + min))) } for 1 but 4 Int
