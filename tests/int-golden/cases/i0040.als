sig A { f: Int, r: set A }
sig B {}
fact { (#A.r >> max) not =< div[#B, 16] }
fact { (some b4: B | (all a5: A | #B != a5.f)) }
check { (all x1: Int | (one a2: A | (all x3: Int | x3 != x3))) } for 4 Int, 3 A, exactly 3 B
