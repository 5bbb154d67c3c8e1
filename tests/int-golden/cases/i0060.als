sig A { f: Int, h: B -> Int, r: set B }
sig B {}
fact { ((one a3: A | #a3.r >= a3.f)) && ((some b4: B | #A.r > 3)) }
check { (lone a1: A | (no a2: A | 3 in B.(A.h))) } for 5 Int, 1 A, exactly 1 B
