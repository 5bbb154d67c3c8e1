sig A { h: B -> Int }
sig B {}
pred prop[q: Int] { (lone a2: A | (B.(A.h) = B.(a2.h)) iff (B.(A.h) != q)) }
fact { (((prop[#B.(A.h)]) => (gt[#B.(A.h), 5]) else (1 > -1)) <=> (3 <= 3)) iff ((some x1: Int | (x1 != #B) or (B.(A.h) != Int[#B.(A.h)]))) }
check { all x, y: Int | smaller[x, y] >= y } for 3 but 3 Int, exactly 2 A
