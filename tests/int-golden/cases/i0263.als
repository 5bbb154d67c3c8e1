sig A { f: Int, h: B -> Int }
sig B {}
fun twist[p: Int]: Int { -2 }
check { (minus[3, #B.(A.h)] =< (#B).mul[-9]) => ((all a1: A | (lone b2: B | #B <= a1.f))) else ((lone x3: Int | (no x4: (A.f - A.f) | x4 <= x3))) } for 3 but 3 Int, 1 B
