sig A { f: Int, g: set Int }
sig B {}
fact { A.f = (#A.g - #A.f) }
fact { ((3 not = 1) or (A.g in A.f)) and ((all x1: Int | #A.g < x1)) }
check { all x, y: Int | smaller[x, y] = x } for 3 but 4 Int, 2 A
