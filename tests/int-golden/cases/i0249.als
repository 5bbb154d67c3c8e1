sig A { f: Int, g: set Int, k: lone Int }
sig B { v: Int }
fact { (((-8 <= -1) => (Int[#A] in Int[-3]) else (7 >= -2)) or ((-3 < -3) => (#A.f >= #B) else (#B.v < -7))) or ((no b1: B | (all x2: prevs[b1.v] | -17 = x2))) }
fact { (let l3 = -2 | l3 >= (sum n4: -33 | 6)) }
check { all x: Int | x.rem[4].plus[x.div[4].mul[4]] = x } for 4 Int, 2 A, 3 B
