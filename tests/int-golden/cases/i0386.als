sig A { f: Int, g: set Int, h: B -> Int }
sig B {}
pred prop[q: Int] { q =< 100 }
fact { (((zero[3]) => #A.g else 2) != (#B >>> 2)) and (! ((let l3 = -3 | l3 >= l3))) }
fact { ! ((lone b4: B | A.g in A.f)) }
check { (let l1 = ((#A.g << 2) << -4) | (no x2: l1 | (pos[l1]) => (l1 =< x2) else (prop[#B.(A.h)]))) } for 2 but 3 Int, 2 B
